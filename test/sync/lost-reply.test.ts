/**
 * A Redis reply lost in a restart: the command ran, the connection dropped before its answer came
 * back, and ioredis sends it again on the new connection. The claim of a new key and a create's
 * in-flight marker must know their own write when it comes back, not read it as another attempt's:
 * that made a create that was never sent end `unknown` (seen in redis-outage-log.test.ts, one run
 * in three). A proxy between ioredis and the real Redis drops the connection right after Redis
 * answered the chosen command, as a restart at that moment would.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { RedisClaims } from '../../src/intake/claims.ts';
import { RedisLedger } from '../../src/ledger/redis-store.ts';
import { pendingEntry } from '../../src/ledger/rules.ts';
import { BatchState } from '../../src/sync/queue/batch-state.ts';
import { engineKeys } from '../../src/sync/queue/keys.ts';
import { deleteKeys } from './helpers/redis.ts';
import { REDIS_URL, redisAddress } from '../helpers/redis-url.ts';

/** Forwards to Redis; once armed, cuts the client off after Redis answers a command holding `word`. */
class ReplyDropper {
  private armed: string | null = null;
  dropped = 0;
  private constructor(readonly server: Server) {}

  static async start(): Promise<ReplyDropper> {
    const server = createServer();
    const dropper = new ReplyDropper(server);
    server.on('connection', (client) => dropper.relay(client));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return dropper;
  }

  /** REDIS_URL (its password and database) with this relay's address. */
  get url(): string {
    const address = this.server.address();
    const url = new URL(REDIS_URL);
    url.hostname = '127.0.0.1';
    url.port = String(typeof address === 'object' && address ? address.port : 0);
    return url.href;
  }

  /** The next command whose bytes hold `word` runs in Redis, and its answer never arrives. */
  arm(word: string): void {
    this.armed = word;
  }

  private relay(client: Socket): void {
    const upstream = createConnection(redisAddress());
    let cutting = false;
    client.on('data', (bytes: Buffer) => {
      if (this.armed !== null && bytes.includes(this.armed)) {
        this.armed = null;
        cutting = true;
      }
      upstream.write(bytes);
    });
    upstream.on('data', (bytes: Buffer) => {
      if (!cutting) {
        client.write(bytes);
        return;
      }
      // Redis has run the command and answered: the answer is lost with the connection.
      this.dropped += 1;
      client.destroy();
      upstream.destroy();
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  }

  async close(): Promise<void> {
    this.server.close();
    await once(this.server, 'close');
  }
}

const prefix = `test-lost-reply-${randomUUID()}`;
let dropper: ReplyDropper;
let redis: Redis;
let direct: Redis;

beforeEach(async () => {
  dropper = await ReplyDropper.start();
  // As the engine opens its connections (sync/queue/connection.ts): commands wait through an outage.
  redis = new Redis(dropper.url, { maxRetriesPerRequest: null, retryStrategy: () => 20 });
  redis.on('error', () => undefined);
  direct = new Redis(REDIS_URL);
});

afterEach(async () => {
  redis.disconnect();
  await deleteKeys(direct, prefix);
  await direct.quit();
  await dropper.close();
});

it("a new key's claim sent again after its reply was lost is this call's own claim", async () => {
  const ledger = new RedisLedger(redis, prefix, 'store');
  const entry = pendingEntry({ kind: 'create', payload: { title: 'Lamp', barcode: 'LR-1' } }, 'batch-1', 2);
  await redis.ping();
  dropper.arm('LR-1');
  expect(await ledger.claim('k:barcode:LR-1', entry)).toBeNull();
  expect(dropper.dropped).toBe(1);
  // Another attempt still finds the key held.
  expect(await ledger.claim('k:barcode:LR-1', entry)).toMatchObject({ st: 'pending', batch: 'batch-1', row: 2 });
});

it("a create's in-flight marker sent again after its reply was lost is this call's own marker", async () => {
  const markers = new BatchState(redis, engineKeys(prefix)).markers('batch-2');
  await redis.ping();
  dropper.arm('hsetnx');
  expect(await markers.begin(7)).toBe(true);
  expect(dropper.dropped).toBe(1);
  // An attempt of the same row after a real stop finds the marker of the one before.
  expect(await markers.begin(7)).toBe(false);
});

it("a batch's last row recorded, its reply lost and the record sent again: the batch still ends (its report is queued)", async () => {
  const state = new BatchState(redis, engineKeys(prefix));
  const result = { row: 2, outcome: 'created' as const, message: '', httpStatus: 200, attempts: 1 };
  // Redis knows the script already (the lost reply must be the script's, not a NOSCRIPT answer).
  await state.record('batch-warm', { result, cells: ['warm-up'] });
  await state.seal('batch-3', 1);
  dropper.arm('LostRecordRow');
  expect(await state.record('batch-3', { result, cells: ['LostRecordRow'] })).toEqual({
    duplicate: true,
    completed: true,
  });
  expect(dropper.dropped).toBe(1);
  expect(await direct.hmget(engineKeys(prefix).batch('batch-3'), 'done', 'count:created', 'complete')).toEqual([
    '1',
    '1',
    '1',
  ]);
});

it('unchanged rows recorded, the reply lost and the call sent again: counted once', async () => {
  const state = new BatchState(redis, engineKeys(prefix));
  await state.recordUnchanged('batch-warm', [2]);
  await state.seal('batch-unchanged-4', 3);
  dropper.arm('batch-unchanged-4');
  expect(await state.recordUnchanged('batch-unchanged-4', [2, 3, 4])).toEqual({ completed: true });
  expect(dropper.dropped).toBe(1);
  expect(await direct.hmget(engineKeys(prefix).batch('batch-unchanged-4'), 'done', 'count:skipped')).toEqual([
    '3',
    '3',
  ]);
  expect(await direct.lrange(engineKeys(prefix).unchanged('batch-unchanged-4'), 0, -1)).toEqual(['2-4']);
});

it("a drop-folder claim sent again after its reply was lost is this watcher's own, not the file's for 30 s", async () => {
  const watcher = new RedisClaims(redis, `${prefix}:drop:processing`, 30_000);
  const other = new RedisClaims(direct, `${prefix}:drop:processing`, 30_000);
  await redis.ping();
  dropper.arm('LostClaimFile');
  expect(await watcher.tryClaim('processing:LostClaimFile.csv', { hold: true })).toBe(true);
  expect(dropper.dropped).toBe(1);
  // Another watcher still finds the file taken, until this one lets it go.
  expect(await other.tryClaim('processing:LostClaimFile.csv')).toBe(false);
  await watcher.release('processing:LostClaimFile.csv');
  expect(await other.tryClaim('processing:LostClaimFile.csv', { hold: true })).toBe(true);
  await Promise.all([watcher.close(), other.close()]);
});
