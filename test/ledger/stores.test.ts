import { randomUUID } from 'node:crypto';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger, LedgerEntry } from '../../src/ledger/ledger.ts';
import { FileLedger } from '../../src/ledger/file-store.ts';
import { RedisLedger, redisLedgerKey } from '../../src/ledger/redis-store.ts';
import { ledgerForBatch } from '../../src/ledger/for-batch.ts';
import type { LedgerRow, RecordDecision } from '../../src/ledger/batch-ledger.ts';
import type { RowResult } from '../../src/outcome.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';
import { useTempDir } from '../helpers/use-world.ts';

/** The result a batch ledger's `before` ends a row in, or null when it sends the row. */
const resultOf = (decision: RecordDecision): RowResult | null => decision.result ?? null;

const e = (batch: string, st: LedgerEntry['st'] = 'synced'): LedgerEntry => ({ fp: `fp-${batch}`, st, batch, row: 2 });

let redis: Redis;
const tmp = useTempDir('ledger', { once: true });
const prefix = `test-${randomUUID()}`;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true });
  await redis.connect();
});

/** File ledgers a test leaves open (to read it again as another run would), closed at the end. */
const opened: FileLedger[] = [];
async function openLedger(path: string): Promise<FileLedger> {
  const ledger = await FileLedger.open(path);
  opened.push(ledger);
  return ledger;
}

afterAll(async () => {
  for (const ledger of opened) await ledger.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function behavesAsLedger(ledger: Ledger): Promise<void> {
  expect(await ledger.getMany([])).toEqual([]);
  await ledger.setMany([
    ['a', e('1')],
    ['b', e('1', 'unknown')],
  ]);
  await ledger.setMany([['a', e('2')]]);
  expect(await ledger.getMany(['a', 'zz', 'b'])).toEqual([e('2'), undefined, e('1', 'unknown')]);
  await ledger.deleteMany(['b']);
  expect(await ledger.getMany(['b'])).toEqual([undefined]);
  expect(await ledger.claim('b', e('3', 'pending'))).toBeNull();
  expect(await ledger.claim('b', e('4', 'pending'))).toEqual(e('3', 'pending'));
  await ledger.deleteMany(['b']);
  const many = Array.from({ length: 2_500 }, (_, i) => [`k${i}`, e(String(i))] as const);
  await ledger.setMany(many);
  const got = await ledger.getMany(many.map(([k]) => k));
  expect(got[2_499]).toEqual(e('2499'));
  expect(got.filter(Boolean)).toHaveLength(2_500);
}

describe('RedisLedger', () => {
  it('stores, reads in chunks, deletes, under its own prefixed hash', async () => {
    await behavesAsLedger(new RedisLedger(redis, prefix, 'scope1'));
    expect(await redis.hlen(redisLedgerKey(prefix, 'scope1'))).toBe(2_501);
    expect(await redis.exists(redisLedgerKey(prefix, 'scope2'))).toBe(0);
  });
});

describe('FileLedger', () => {
  it('stores, reads and survives a reopen', async () => {
    const path = join(tmp.dir, 'l1.jsonl');
    await behavesAsLedger(await openLedger(path));
    const again = await openLedger(path);
    expect(await again.getMany(['a', 'b', 'k7'])).toEqual([e('2'), undefined, e('7')]);
  });

  it('ignores a torn last line from a crash mid-write and keeps appending whole lines', async () => {
    const path = join(tmp.dir, 'l2.jsonl');
    const ledger = await openLedger(path);
    await ledger.setMany([['a', e('1')]]);
    await appendFile(path, '{"k":"b","e":{"fp":"x","st":"syn');
    const reopened = await openLedger(path);
    expect(await reopened.getMany(['a', 'b'])).toEqual([e('1'), undefined]);
    await reopened.setMany([['c', e('3')]]);
    expect(await (await openLedger(path)).getMany(['a', 'c'])).toEqual([e('1'), e('3')]);
  });

  it('compacts when dead lines pile up, keeping every live entry', async () => {
    const path = join(tmp.dir, 'l3.jsonl');
    const ledger = await openLedger(path);
    for (let round = 0; round < 4; round += 1) {
      await ledger.setMany(Array.from({ length: 3_000 }, (_, i) => [`k${i}`, e(`${round}-${i}`)] as const));
    }
    const lines = (await readFile(path, 'utf8')).split('\n').filter(Boolean);
    expect(lines.length).toBeLessThan(12_000);
    const reopened = await openLedger(path);
    expect(reopened.size).toBe(3_000);
    expect(await reopened.getMany(['k2999'])).toEqual([e('3-2999')]);
  });

  it('answers lookups all through a compaction, from the old file and then the new', async () => {
    const path = join(tmp.dir, 'lookups.jsonl');
    const ledger = await openLedger(path);
    for (let round = 0; round < 3; round += 1) {
      await ledger.setMany(Array.from({ length: 3_000 }, (_, i) => [`k${i}`, e(`${round}`)] as const));
    }
    // The fourth round brings 12,000 lines for 3,000 keys: it compacts before it resolves.
    let done = false;
    const writing = ledger
      .setMany(Array.from({ length: 3_000 }, (_, i) => [`k${i}`, e('3')] as const))
      .finally(() => (done = true));
    const seen = new Set<string>();
    while (!done) {
      for (const key of ['k0', 'k1500', 'k2999']) seen.add(ledger.getNow(key)?.batch ?? 'missing');
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writing;
    expect([...seen].every((batch) => batch === '2' || batch === '3')).toBe(true);
    expect((await readFile(path, 'utf8')).split('\n').filter(Boolean)).toHaveLength(3_000);
    expect(await ledger.getMany(['k0', 'k2999'])).toEqual([e('3'), e('3')]);
  });

  it('compacts while claims and outcomes are written at once, losing neither', async () => {
    const path = join(tmp.dir, 'lanes.jsonl');
    const ledger = await FileLedger.open(path);
    const claimed: string[] = [];
    const recorded: string[] = [];
    // Outcomes (the written lane) and claims (the synchronised one) one after another in each lane,
    // both lanes at once, as rows end and start. Each outcome write also rewrites nine keys, so
    // dead lines pile up and compactions (about one per 10,000 lines) come while both lanes write:
    // each lane's later lines must land in the compacted file (both handles follow it).
    const outcomes = async () => {
      for (let i = 0; i < 3_000; i += 1) {
        recorded.push(`r${i}`);
        const churn = Array.from({ length: 9 }, (_, j) => [`churn${j}`, e(`${i}`)] as const);
        await ledger.setMany([...churn, [`r${i}`, e(`${i}`)]]);
      }
    };
    const claims = async () => {
      for (let i = 0; i < 1_000; i += 1) {
        claimed.push(`c${i}`);
        expect(await ledger.claim(`c${i}`, e(`${i}`, 'pending'))).toBeNull();
      }
    };
    await Promise.all([outcomes(), claims()]);
    await ledger.close();
    const lines = (await readFile(path, 'utf8')).split('\n').filter(Boolean);
    // 31,000 lines were written: dead ones were dropped on the way.
    expect(lines.length).toBeLessThan(31_000);
    const reopened = await openLedger(path);
    const missing = async (keys: string[], st: LedgerEntry['st']) =>
      (await reopened.getMany(keys)).flatMap((entry, n) => (entry?.st === st ? [] : [keys[n]]));
    expect(await missing(recorded, 'synced')).toEqual([]);
    expect(await missing(claimed, 'pending')).toEqual([]);
  });

  it('reads a claim that follows zeros where a power cut lost outcomes not yet on disk', async () => {
    const path = join(tmp.dir, 'power-cut.jsonl');
    const line = (k: string, entry: LedgerEntry) => `${JSON.stringify({ k, e: entry })}\n`;
    // An outcome line cut off by zeros (its data never reached the disk), then a synchronised claim.
    await writeFile(
      path,
      line('a', e('1')) + line('b', e('1')).slice(0, 20) + '\0'.repeat(4096 - 20) + line('c', e('2', 'pending')),
    );
    const ledger = await openLedger(path);
    expect(await ledger.getMany(['a', 'b', 'c'])).toEqual([e('1'), undefined, e('2', 'pending')]);
  });
  it('keeps its entries on disk and reads every one back after a reopen', async () => {
    const path = join(tmp.dir, 'on-disk.jsonl');
    const ledger = await openLedger(path);
    const keys = Array.from({ length: 100_000 }, (_, i) => `k:barcode:${6_291_000_000_000 + i}`);
    for (let i = 0; i < keys.length; i += 5_000) {
      await ledger.setMany(keys.slice(i, i + 5_000).map((k, n) => [k, e(`b${i + n}`)] as const));
    }
    expect(ledger.size).toBe(100_000);
    const reopened = await openLedger(path);
    const got = await reopened.getMany(keys);
    expect(got.filter((entry, i) => entry?.batch !== `b${i}`)).toEqual([]);
    expect(reopened.size).toBe(100_000);
  });

  it('reads the lines around a range that zeros fill (a failed write), then writes and reads on', async () => {
    const path = join(tmp.dir, 'holes.jsonl');
    const line = (k: string, entry: LedgerEntry) => `${JSON.stringify({ k, e: entry })}\n`;
    // A long line first (a record with long values), longer than one read of a line.
    const long = { ...e('0'), v: { description: 'x'.repeat(5_000) } };
    await writeFile(
      path,
      line('long', long) + line('a', e('1')) + '\0'.repeat(300) + line('b', e('2')) + line('c', e('3')).slice(0, 9),
    );
    const ledger = await openLedger(path);
    expect(await ledger.getMany(['long', 'a', 'b', 'c'])).toEqual([long, e('1'), e('2'), undefined]);
    expect(await ledger.claim('c', e('4', 'pending'))).toBeNull();
    await ledger.setMany([['a', e('5')]]);
    await ledger.close();
    const reopened = await openLedger(path);
    expect(await reopened.getMany(['long', 'a', 'b', 'c'])).toEqual([long, e('5'), e('2'), e('4', 'pending')]);
    expect([...reopened.all()].map(([k]) => k).sort()).toEqual(['a', 'b', 'c', 'long']);
  });
});

describe('FileLedger group commit', () => {
  it('claims made at once share writes, and each resolves only once its line is in the file', async () => {
    const path = join(tmp.dir, 'group.jsonl');
    const ledger = await FileLedger.open(path);
    const onDisk = async () =>
      (await readFile(path, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { k: string }).k);
    const claims = Array.from({ length: 64 }, (_, i) =>
      ledger.claim(`c${i}`, e(`${i}`, 'pending')).then(async (held) => {
        expect(held).toBeNull();
        // Resolved: the line is written (the file is read by another handle).
        expect(await onDisk()).toContain(`c${i}`);
      }),
    );
    await Promise.all(claims);
    const lines = (await readFile(path, 'utf8')).split('\n').filter(Boolean);
    expect(lines).toHaveLength(64);
    await ledger.close();
  });
});

/** The ledger, its lookups (getMany calls) counted. */
function countingLookups(ledger: Ledger): { counting: Ledger; lookups: () => number } {
  let lookups = 0;
  const counting: Ledger = {
    ...ledger,
    getMany: (keys) => ((lookups += 1), ledger.getMany(keys)),
    setMany: (x) => ledger.setMany(x),
    deleteMany: (k) => ledger.deleteMany(k),
    claim: (k, e) => ledger.claim(k, e),
    known: () => ledger.known(),
    close: () => ledger.close(),
  };
  return { counting, lookups: () => lookups };
}

describe('ledgerForBatch over a ledger', () => {
  const row = (n: number, barcode: string): LedgerRow => ({
    batchId: 'B',
    row: n,
    plan: { kind: 'create', payload: { title: 't', barcode } },
  });

  it('batches concurrent lookups, marks creates pending only when sent, and undoes the mark when the create fails', async () => {
    const ledger = new RedisLedger(redis, prefix, 'guard');
    const { counting, lookups } = countingLookups(ledger);
    const batch = ledgerForBatch({ mode: 'delta', keyColumn: 'barcode', retryUnknown: false }, counting);
    const rows = Array.from({ length: 50 }, (_, i) => row(i + 2, `bc${i}`));
    expect(await Promise.all(rows.map((r) => batch.before(r).then(resultOf)))).toEqual(rows.map(() => null));
    expect(lookups()).toBe(1);
    // Deciding writes nothing: rows still waiting to be sent leave no trace.
    expect(await ledger.getMany(rows.map((_, i) => `k:barcode:bc${i}`))).toEqual(rows.map(() => undefined));
    for (const r of rows.slice(0, 4)) expect(await batch.beforeSend!(r)).toBeNull();
    expect((await ledger.getMany(['k:barcode:bc0']))[0]?.st).toBe('pending');
    expect(await ledger.getMany(['k:barcode:bc4'])).toEqual([undefined]);

    await batch.after(rows[0]!, { row: 2, outcome: 'created', message: '', httpStatus: 200, attempts: 1 });
    await batch.after(rows[1]!, { row: 3, outcome: 'failed', message: '', httpStatus: 400, attempts: 1 });
    await batch.after(rows[2]!, { row: 4, outcome: 'unknown', message: '', httpStatus: 500, attempts: 1 });
    const [a, b, c] = await ledger.getMany(['k:barcode:bc0', 'k:barcode:bc1', 'k:barcode:bc2']);
    expect([a?.st, b, c?.st]).toEqual(['synced', undefined, 'unknown']);

    const second = ledgerForBatch({ mode: 'full', keyColumn: 'barcode', retryUnknown: false }, ledger);
    expect((await second.before({ ...rows[0]!, batchId: 'C' }).then(resultOf))?.code).toBe('already_created');
    expect(await second.before({ ...rows[1]!, batchId: 'C' }).then(resultOf)).toBeNull();
    expect((await second.before({ ...rows[2]!, batchId: 'C' }).then(resultOf))?.code).toBe('unknown_create');
    // rows[3] was sent and left pending, as after a crash mid-create; rows[4..] were never sent
    expect((await second.before({ ...rows[3]!, batchId: 'C' }).then(resultOf))?.outcome).toBe('unknown');
    expect(await second.before({ ...rows[4]!, batchId: 'C' }).then(resultOf)).toBeNull();
  });

  it('prefetch reads a block of rows in one lookup; before then answers them at once, as from memory', async () => {
    const ledger = new RedisLedger(redis, prefix, 'prefetch');
    await ledger.setMany([['k:barcode:p0', e('EARLIER')]]);
    const { counting, lookups } = countingLookups(ledger);
    const batch = ledgerForBatch({ mode: 'full', keyColumn: 'barcode', retryUnknown: false }, counting);
    const rows = Array.from({ length: 20 }, (_, i) => row(i + 2, `p${i}`));
    await batch.prefetch!(rows);
    expect(lookups()).toBe(1);
    const answers = await Promise.all(rows.map((r) => batch.before(r).then(resultOf)));
    expect(answers[0]?.code).toBe('already_created');
    expect(answers.slice(1)).toEqual(rows.slice(1).map(() => null));
    expect(lookups()).toBe(1);
    // A batch ledger over an in-memory store needs no prefetch.
    expect(
      'prefetch' in
        ledgerForBatch(
          { mode: 'full', keyColumn: 'barcode', retryUnknown: false },
          await openLedger(join(tmp.dir, 'prefetch.jsonl')),
        ),
    ).toBe(false);
  });

  it('records a create it claimed without reading its key again: the claim made the key its own', async () => {
    const ledger = new RedisLedger(redis, prefix, 'claimed-record');
    const { counting, lookups } = countingLookups(ledger);
    const batch = ledgerForBatch({ mode: 'delta', keyColumn: 'barcode', retryUnknown: false }, counting);
    const created = row(2, 'cr1');
    expect(await batch.before(created).then(resultOf)).toBeNull();
    expect(await batch.beforeSend!(created)).toBeNull();
    expect(lookups()).toBe(1);
    await batch.after(created, { row: 2, outcome: 'created', message: '', httpStatus: 200, attempts: 1 });
    expect(lookups()).toBe(1);
    const [record] = await ledger.getMany(['k:barcode:cr1']);
    expect(record).toMatchObject({ st: 'synced', batch: 'B', row: 2, v: { title: 't', barcode: 'cr1' } });
    expect(record?.u).toHaveLength(1);
  });

  it('records a re-run row under the number first seen, answers for the batch row, and knows it again when the batch resumes', async () => {
    const ledger = await openLedger(join(tmp.dir, 'rerun-rows.jsonl'));
    const settings = { mode: 'full' as const, keyColumn: 'barcode', retryUnknown: false };
    // Row 2 of an edited failed.csv whose `row` column says 7.
    const edited: LedgerRow = { ...row(2, 'rr1'), originalRow: 7 };
    const batch = ledgerForBatch(settings, ledger);
    expect(await batch.before(edited).then(resultOf)).toBeNull();
    expect(await batch.beforeSend!(edited)).toBeNull();
    expect((await ledger.getMany(['k:barcode:rr1']))[0]).toMatchObject({ st: 'pending', batch: 'B', row: 7 });
    await batch.after(edited, { row: 2, outcome: 'created', message: '', httpStatus: 200, attempts: 1 });
    expect((await ledger.getMany(['k:barcode:rr1']))[0]).toMatchObject({ st: 'synced', batch: 'B', row: 7 });

    // The same batch resumed (its process stopped after the create): the row ends as it did, as row 2 of it.
    const resumed = await ledgerForBatch(settings, ledger).before(edited).then(resultOf);
    expect(resumed).toMatchObject({ row: 2, outcome: 'created', code: 'confirmed_before_restart' });
    // Another batch is told where the product was created: the row the person knows.
    const later = await ledgerForBatch(settings, ledger)
      .before({ ...row(5, 'rr1'), batchId: 'C' })
      .then(resultOf);
    expect(later).toMatchObject({ row: 5, code: 'already_created' });
    expect(later?.message).toContain('batch B, row 7');
  });

  it('a create that loses the claim to another sync creating the same product right now is not sent and says so', async () => {
    const ledger = new RedisLedger(redis, prefix, 'race');
    const settings = { mode: 'delta' as const, keyColumn: 'barcode', retryUnknown: true };
    const mine = ledgerForBatch(settings, ledger);
    const theirs = ledgerForBatch(settings, ledger);
    const ours = row(2, 'race1');
    const other = { ...row(7, 'race1'), batchId: 'OTHER' };
    // Both decide to create (the key is new), then the other sync gets its slot first.
    expect(await mine.before(ours).then(resultOf)).toBeNull();
    expect(await theirs.before(other).then(resultOf)).toBeNull();
    expect(await theirs.beforeSend!(other)).toBeNull();
    const lost = await mine.beforeSend!(ours);
    expect(lost).toMatchObject({ outcome: 'unknown', code: 'create_in_progress' });
    expect(lost?.message).toContain(
      'another sync (batch OTHER, row 7) is creating this product right now (barcode race1)',
    );
    // The winner's mark stands.
    expect((await ledger.getMany(['k:barcode:race1']))[0]).toMatchObject({ st: 'pending', batch: 'OTHER', row: 7 });
  });

  it('undoes a pending mark only if its own beforeSend wrote it', async () => {
    const ledger = new RedisLedger(redis, prefix, 'undo');
    await ledger.setMany([['k:barcode:u1', e('OLD', 'unknown')]]);
    const batch = ledgerForBatch({ mode: 'full', keyColumn: 'barcode', retryUnknown: true }, ledger);
    expect(await batch.before(row(2, 'u1')).then(resultOf)).toBeNull();
    // Never sent (no beforeSend): a failure must not touch the entry.
    await batch.after(row(2, 'u1'), { row: 2, outcome: 'failed', message: '', httpStatus: null, attempts: 0 });
    expect(await ledger.getMany(['k:barcode:u1'])).toEqual([e('OLD', 'unknown')]);
    expect(await batch.before(row(3, 'u2')).then(resultOf)).toBeNull();
    expect(await batch.beforeSend!(row(3, 'u2'))).toBeNull();
    await batch.after(row(3, 'u2'), { row: 3, outcome: 'failed', message: '', httpStatus: 400, attempts: 1 });
    expect(await ledger.getMany(['k:barcode:u2'])).toEqual([undefined]);
  });

  it('lets one of two processes creating the same new key at once send it', async () => {
    const settings = { mode: 'full' as const, keyColumn: 'barcode', retryUnknown: true };
    const a = ledgerForBatch(settings, new RedisLedger(redis, prefix, 'race'));
    const b = ledgerForBatch(settings, new RedisLedger(redis, prefix, 'race'));
    const rowA = { ...row(2, 'both'), batchId: 'X' };
    const rowB = { ...row(2, 'both'), batchId: 'Y' };
    // Both decide before either sends: the key is new to both.
    expect(await Promise.all([a.before(rowA).then(resultOf), b.before(rowB).then(resultOf)])).toEqual([null, null]);
    const sends = await Promise.all([a.beforeSend!(rowA), b.beforeSend!(rowB)]);
    expect(sends.filter((d) => d === null)).toHaveLength(1);
    // The loser is never sent, even with retryUnknown: the winner is creating it right now.
    expect(sends.find((d) => d !== null)?.outcome).toBe('unknown');
  });

  it('decides again at send time when the key changed since the read-ahead', async () => {
    const ledger = new RedisLedger(redis, prefix, 'stale');
    await ledger.setMany([['k:barcode:s1', e('OLD', 'unknown')]]);
    const batch = ledgerForBatch({ mode: 'full', keyColumn: 'barcode', retryUnknown: true }, ledger);
    expect(await batch.before(row(2, 's1')).then(resultOf)).toBeNull();
    // Another process created it while this row waited for a slot.
    await ledger.setMany([['k:barcode:s1', e('OTHER')]]);
    expect((await batch.beforeSend!(row(2, 's1')))?.code).toBe('already_created');
    expect(await ledger.getMany(['k:barcode:s1'])).toEqual([e('OTHER')]);
  });

  it('sends only the first of two rows with one key that reach it anyway (the mapper stops them before)', async () => {
    const batch = ledgerForBatch(
      { mode: 'full', keyColumn: 'barcode', retryUnknown: true },
      new RedisLedger(redis, prefix, 'dup'),
    );
    expect(
      await Promise.all([batch.before(row(2, 'same')).then(resultOf), batch.before(row(5, 'same')).then(resultOf)]),
    ).toEqual([null, null]);
    expect(await batch.beforeSend!(row(2, 'same'))).toBeNull();
    // The key is this batch's own create in flight: never sent twice, even with retryUnknown.
    expect(await batch.beforeSend!(row(5, 'same'))).toMatchObject({ outcome: 'unknown', code: 'interrupted_create' });
  });
});
