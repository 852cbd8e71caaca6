/**
 * After a batch through both transports (with faults that make the client log and re-login), no
 * secret appears in Redis keys or values, in any report file, or in the logs: not the password,
 * not a token, not the third-party secrets of the authorization response (SANDBOX-SECRET).
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { SECRET_MARKER } from '../../src/sandbox/index.ts';
import { createStoreClient } from '../../src/store/index.ts';
import { enqueueSync, runSync, startSyncWorker, waitForBatch } from '../../src/sync/index.ts';
import { RedisRateGate } from '../../src/store/rate-gate/redis.ts';
import { engineKeys } from '../../src/sync/queue/keys.ts';
import { deleteKeys, keysText, keysUnder } from './helpers/redis.ts';
import { startWorld, type World } from './helpers/world.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

let world: World;
const prefix = `test-${randomUUID()}`;
let redis: Redis;
beforeAll(async () => {
  world = await startWorld();
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
  await world.close();
});

async function dumpRedis(): Promise<string> {
  return keysText(redis, await keysUnder(redis, prefix));
}

async function dumpReports(dir: string): Promise<string> {
  let text = '';
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      text +=
        (await readFile(join(entry.parentPath, entry.name))).toString('latin1') +
        (await readFile(join(entry.parentPath, entry.name), 'utf8'));
  }
  return text;
}

it('keeps the password, tokens and third-party secrets out of Redis, reports and logs', async () => {
  const logs = new PassThrough();
  let logText = '';
  logs.on('data', (d: Buffer) => (logText += d.toString()));
  const logger = createLogger({ level: 'trace', destination: logs });
  const gateRedis = new Redis(REDIS_URL);
  const settings = {
    storeUrl: world.sandbox.url,
    storeEmail: world.sandbox.email,
    storePassword: world.sandbox.password,
    rate: 10_000,
    concurrency: 4,
    categoriesMethod: 'POST' as const,
    requestTimeoutMs: 5000,
    connectTimeoutMs: 2000,
  };
  const client = createStoreClient(settings, {
    logger,
    gate: new RedisRateGate({ redis: gateRedis, prefix: engineKeys(prefix).gate, rate: 10_000 }),
    backoff: { baseMs: 5, capMs: 20 },
  });
  const file = await world.sheet('s.csv', [
    'title,category,sale_price,barcode',
    ...Array.from({ length: 20 }, (_, i) => `T${i},1,${i + 1},B${i}`),
    'Bad,1,x,B99',
  ]);
  world.sandbox.inject({ kind: 'expireToken', times: 2 });
  world.sandbox.inject({ kind: 'status429', times: 2, retryAfterSeconds: 1 });

  const worker = startSyncWorker({ redisUrl: REDIS_URL, prefix, client, concurrency: 4, logger });
  const { batchId } = await enqueueSync(
    { file },
    { redisUrl: REDIS_URL, prefix, store: world.store, reportDir: world.dir, rate: 10_000, client, logger },
  );
  await waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 50 });
  const redisText = await dumpRedis();
  await worker.close();
  await gateRedis.quit();
  await runSync(
    { file },
    { client: createStoreClient(settings, { logger }), reportDir: world.dir, rate: 10_000, concurrency: 4, logger },
  );

  // Several logins happened (token expiry), so several tokens existed that could have leaked.
  expect(world.sandbox.requestCount('/v1/authorization')).toBeGreaterThan(2);
  const reports = await dumpReports(world.dir);
  expect(redisText.length).toBeGreaterThan(0);
  expect(logText.length).toBeGreaterThan(0);
  for (const [where, text] of [
    ['redis', redisText],
    ['reports', reports],
    ['logs', logText],
  ] as const) {
    expect(text, where).not.toContain(world.sandbox.password);
    expect(text, where).not.toContain(SECRET_MARKER);
    // Every access token is a JWT: base64 of '{"' starts with eyJ.
    expect(text, where).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/);
  }
});
