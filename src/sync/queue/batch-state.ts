/**
 * A batch's state in Redis: its settings (so every worker builds the same batch ledger), per-row results
 * (so a worker or Redis restart loses nothing), create-in-flight markers, and the counters whose
 * atomic update tells exactly one caller that the last row has ended.
 */
import type { Lang } from '../../messages/index.ts';
import type { RedisClient } from '../../redis.ts';
import type { SheetKind, SheetRead } from '../../sheet/types.ts';
import type { StoreIdentity } from '../../store/identity.ts';
import type { LedgerSettings } from '../../ledger/batch-ledger.ts';
import type { ScriptWrites } from '../../ledger/ledger.ts';
import { LEDGER_WRITES, ledgerWritesLua } from '../../ledger/script-writes.ts';
import { OUTCOMES, type RowResult } from '../../outcome.ts';
import type { CreateMarkers } from '../process-row.ts';
import { emptyCounts, type OutcomeCounts } from '../../outcome.ts';
import type { BatchSummary, ReadError } from '../../report/summary.ts';
import type { EngineKeys } from './keys.ts';
import { parseRange, rangeTexts } from '../unchanged-rows.ts';
import { callToken } from '../../store/rate-gate/call-token.ts';
import { LuaScript } from '../../store/rate-gate/lua-script.ts';

export interface BatchMeta {
  batchId: string;
  /**
   * The store the batch's rows go to, and no other: a worker for another store hands its rows
   * back unsent. Absent only in batches queued by versions before it was recorded.
   */
  store?: StoreIdentity | undefined;
  source: string;
  file: string;
  kind: SheetKind;
  sheet?: SheetRead | undefined;
  headers: string[];
  /** See BatchSummary.columns; absent in batches queued by versions before it was recorded. */
  columns?: Readonly<Record<string, string>> | undefined;
  reportDir: string;
  rate: number;
  ledger: LedgerSettings;
  rerunOf?: string | undefined;
  fixes?: string | undefined;
  undoes?: string | undefined;
  /** See SyncRequest.listUnchanged. */
  listUnchanged?: boolean | undefined;
  /** See SyncRequest.lang; absent: English. */
  lang?: Lang | undefined;
  startedAt: string;
}

export interface StoredRow {
  result: RowResult;
  cells: string[];
  originalRow?: number | undefined;
}

export interface BatchStatus {
  meta: BatchMeta;
  /** The file broke part-way while the batch was queued (see BatchSummary.readError). */
  readError: ReadError | null;
  done: number;
  total: number | null;
  counts: OutcomeCounts;
  status: 'running' | 'reported';
  summary: BatchSummary | null;
}

// What RECORD and RECORD_UNCHANGED return when they find their rows recorded already (another
// attempt, or this very call sent again by ioredis after a Redis restart lost its reply): -2 when
// the batch has all its rows, so the caller still queues its report, else -1.
const RECORDED_ALREADY = `
if redis.call('HGET', KEYS[1], 'complete') == '1' then return -2 end
return -1
`;

// After counting `done`: 1 when this call completed the batch (only one caller ever gets 1), else 0.
const COMPLETES_BATCH = `
local total = redis.call('HGET', KEYS[1], 'total')
if total and done >= tonumber(total) and redis.call('HSETNX', KEYS[1], 'complete', '1') == 1 then return 1 end
return 0
`;

// Stores one row's result (ARGV: row, stored row, outcome).
const RECORD_BODY = `
if redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[2]) == 0 then ${RECORDED_ALREADY} end
local done = redis.call('HINCRBY', KEYS[1], 'done', 1)
redis.call('HINCRBY', KEYS[1], 'count:' .. ARGV[3], 1)
${COMPLETES_BATCH}`;
const RECORD = new LuaScript(RECORD_BODY);

// RECORD with the row's ledger writes made first (KEYS[3..5], ARGV[4..]: ledger/script-writes.ts):
// a worker's sent row was a ledger call and a result call, now one (issue 41).
// Made again by a call sent again after a lost reply, or by a duplicate attempt, as `after` was.
const RECORD_WITH_LEDGER = new LuaScript(`${ledgerWritesLua(3, 4)}${RECORD_BODY}`);

// Rows found unchanged before queueing: ARGV[1] rows, ARGV[2..] their ranges. Same return as RECORD.
// Counted once: the same call sent again after a lost reply finds its first range noted.
const RECORD_UNCHANGED = new LuaScript(`
if redis.call('HSETNX', KEYS[1], 'unchanged:' .. ARGV[2], '1') == 0 then ${RECORDED_ALREADY} end
local done = redis.call('HINCRBY', KEYS[1], 'done', ARGV[1])
redis.call('HINCRBY', KEYS[1], 'count:skipped', ARGV[1])
redis.call('RPUSH', KEYS[2], unpack(ARGV, 2))
${COMPLETES_BATCH}`);

// A batch's hash, unless it exists: 1 when written.
const CREATE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'meta', ARGV[1], 'done', 0, 'status', 'running')
return 1
`;

const SEAL = new LuaScript(`
redis.call('HSET', KEYS[1], 'total', ARGV[1])
local done = tonumber(redis.call('HGET', KEYS[1], 'done') or '0')
${COMPLETES_BATCH}`);

/**
 * How long a batch's state stays in Redis once its report is written: its hash (settings,
 * counters, summary: what `status` shows), its results, unchanged ranges and in-flight markers.
 * The report on disk and the ledger are what is kept; a week leaves time to look a batch up.
 */
export const BATCH_RETENTION_SECONDS = 7 * 24 * 3600;

/** A report reads row numbers in order; past this many without a result, it lists those left. */
const LISTED_AFTER_EMPTY_ROWS = 1_000_000;

export class BatchState {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: EngineKeys,
    /** See BATCH_RETENTION_SECONDS; tests and benches pass a shorter one. */
    private readonly retentionSeconds: number = BATCH_RETENTION_SECONDS,
  ) {}

  /**
   * A new batch's state; false when the batch is there already (queued again under its id: a drop
   * file resumed after its watcher stopped), which is then left as it is: its counters and results
   * go on from where they were, so no row is counted twice and a reported batch stays reported.
   */
  async create(meta: BatchMeta, startedAtMs: number): Promise<boolean> {
    const [[, created] = []] =
      (await this.redis
        .multi()
        .eval(CREATE_SCRIPT, 1, this.keys.batch(meta.batchId), JSON.stringify(meta))
        .zadd(this.keys.batches, 'NX', startedAtMs, meta.batchId)
        // A running batch keeps the list: it expires only from the last report on (markReported).
        .persist(this.keys.batches)
        .exec()) ?? [];
    await this.forgetExpired(startedAtMs);
    return Number(created) === 1;
  }

  async meta(batchId: string): Promise<BatchMeta | null> {
    const raw = await this.redis.hget(this.keys.batch(batchId), 'meta');
    if (!raw) return null;
    return JSON.parse(raw) as BatchMeta;
  }

  /**
   * Stores a row's final result once. `completed`: this call ended the batch's last row, or found
   * the row recorded already in a batch that has all its rows (queueing its report is idempotent).
   * `ledger`: the row's ledger writes (BatchLedger.afterWrites), made first, in the same call when
   * the ledger's keys share the batch's hash slot (every key of a store does: keys.ts).
   */
  async record(
    batchId: string,
    row: StoredRow,
    ledger: ScriptWrites | null = null,
  ): Promise<{ duplicate: boolean; completed: boolean }> {
    const keys = [this.keys.batch(batchId), this.keys.results(batchId)];
    const args = [row.result.row, JSON.stringify(row), row.result.outcome];
    let answer: number;
    if (ledger === null) answer = Number(await RECORD.run(this.redis, keys, args));
    else if (hashTagOf(ledger.keys[0]) === hashTagOf(keys[0]!))
      answer = Number(await RECORD_WITH_LEDGER.run(this.redis, [...keys, ...ledger.keys], [...args, ...ledger.args]));
    else {
      await LEDGER_WRITES.run(this.redis, [...ledger.keys], [...ledger.args]);
      answer = Number(await RECORD.run(this.redis, keys, args));
    }
    return { duplicate: answer < 0, completed: answer === 1 || answer === -2 };
  }

  /**
   * Rows a delta sync found unchanged before queueing (`rows`: the numbers the report shows,
   * ascending): counted as skipped and kept as ranges, not stored row by row.
   */
  async recordUnchanged(batchId: string, rows: readonly number[]): Promise<{ completed: boolean }> {
    if (rows.length === 0) return { completed: false };
    const answer = Number(
      await RECORD_UNCHANGED.run(
        this.redis,
        [this.keys.batch(batchId), this.keys.unchanged(batchId)],
        [rows.length, ...rangeTexts(rows)],
      ),
    );
    return { completed: answer === 1 || answer === -2 };
  }

  /** The ranges recordUnchanged kept, in the order they were recorded. */
  async unchangedRanges(batchId: string): Promise<[number, number][]> {
    const texts = await this.redis.lrange(this.keys.unchanged(batchId), 0, -1);
    return texts.map(parseRange).filter((range): range is [number, number] => range !== null);
  }

  /** The file broke part-way while queueing: the batch holds the rows read before the break. */
  async setReadError(batchId: string, error: ReadError): Promise<void> {
    await this.redis.hset(this.keys.batch(batchId), 'readError', JSON.stringify(error));
  }

  async hasResult(batchId: string, row: number): Promise<boolean> {
    return (await this.redis.hexists(this.keys.results(batchId), String(row))) === 1;
  }

  /** All rows are known: sets the total. True when every row had already ended. */
  async seal(batchId: string, total: number): Promise<boolean> {
    return Number(await SEAL.run(this.redis, [this.keys.batch(batchId)], [total])) === 1;
  }

  async status(batchId: string): Promise<BatchStatus | null> {
    const hash = await this.redis.hgetall(this.keys.batch(batchId));
    if (!hash.meta) return null;
    const counts = emptyCounts();
    for (const outcome of OUTCOMES) counts[outcome] = Number(hash[`count:${outcome}`] ?? 0);
    return {
      meta: JSON.parse(hash.meta) as BatchMeta,
      readError: hash.readError ? (JSON.parse(hash.readError) as ReadError) : null,
      done: Number(hash.done ?? 0),
      total: hash.total === undefined ? null : Number(hash.total),
      counts,
      status: hash.status === 'reported' ? 'reported' : 'running',
      summary: hash.summary ? (JSON.parse(hash.summary) as BatchSummary) : null,
    };
  }

  async isComplete(batchId: string): Promise<boolean> {
    return (await this.redis.hget(this.keys.batch(batchId), 'complete')) === '1';
  }

  /** The report is written: the batch's state expires after the retention (the ledger stays). */
  async markReported(summary: BatchSummary): Promise<void> {
    const id = summary.batchId;
    const ttl = this.retentionSeconds;
    await this.redis
      .multi()
      .hset(this.keys.batch(id), { status: 'reported', summary: JSON.stringify(summary) })
      .expire(this.keys.batch(id), ttl)
      .expire(this.keys.results(id), ttl)
      .expire(this.keys.unchanged(id), ttl)
      .expire(this.keys.inflight(id), ttl)
      // The list of batches outlives its last batch by the retention, no longer.
      .expire(this.keys.batches, ttl)
      .publish(this.keys.events, id)
      .exec();
    await this.forgetExpired(Date.now());
  }

  /** Takes batches whose state has expired off the list `status` reads. */
  private async forgetExpired(nowMs: number): Promise<void> {
    const old = await this.redis.zrangebyscore(this.keys.batches, '-inf', nowMs - this.retentionSeconds * 1000);
    if (old.length === 0) return;
    const exists = await Promise.all(old.map((id) => this.redis.exists(this.keys.batch(id))));
    const gone = old.filter((_, i) => exists[i] === 0);
    if (gone.length > 0) await this.redis.zrem(this.keys.batches, ...gone);
  }

  /**
   * The stored rows in row order, `chunk` row numbers asked at a time (HMGET), until every result
   * the hash holds has come: nothing per row is held, so a report's memory does not grow with the
   * batch (listing the row numbers first, HKEYS, had held them all). Row numbers without a result
   * (blank rows, rows a re-run left out, unchanged rows) cost only their place in a request; past
   * a million of them in a row, the row numbers still to come are listed after all.
   */
  async *storedRows(batchId: string, chunk: number): AsyncIterable<StoredRow[]> {
    const key = this.keys.results(batchId);
    let left = await this.redis.hlen(key);
    let emptyRun = 0;
    let from = 0;
    for (; left > 0 && emptyRun * chunk < LISTED_AFTER_EMPTY_ROWS; from += chunk) {
      const rows = await this.readRows(
        key,
        Array.from({ length: chunk }, (_, i) => from + i),
      );
      left -= rows.length;
      emptyRun = rows.length === 0 ? emptyRun + 1 : 0;
      if (rows.length > 0) yield rows;
    }
    if (left <= 0) return;
    const rest = (await this.redis.hkeys(key))
      .map(Number)
      .filter((row) => row >= from)
      .sort((a, b) => a - b);
    for (let i = 0; i < rest.length; i += chunk) yield await this.readRows(key, rest.slice(i, i + chunk));
  }

  private async readRows(key: string, rows: number[]): Promise<StoredRow[]> {
    const values = await this.redis.hmget(key, ...rows.map(String));
    return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as StoredRow);
  }

  markers(batchId: string): CreateMarkers {
    const key = this.keys.inflight(batchId);
    return {
      begin: async (row) => {
        // ioredis sends a command again after a reconnect when its reply was lost: the mark found
        // may be this very call's, told by its token, not another attempt's.
        const token = callToken();
        if ((await this.redis.hsetnx(key, String(row), token)) === 1) return true;
        return (await this.redis.hget(key, String(row))) === token;
      },
    };
  }

  async batchIds(limit: number): Promise<string[]> {
    return this.redis.zrevrange(this.keys.batches, 0, limit - 1);
  }
}

/** What a Redis Cluster hashes of a key: its first non-empty `{...}`, else the whole key. */
function hashTagOf(key: string): string {
  const open = key.indexOf('{');
  const close = open < 0 ? -1 : key.indexOf('}', open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : key;
}
