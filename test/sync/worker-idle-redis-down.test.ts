/**
 * An idle `worker` (no row running) sent SIGTERM while Redis is down has nothing to hand back: it
 * exits 0 without waiting out its grace period for connections that wait for Redis (it took the
 * whole grace plus CLOSE_MS, 25 s by default). The real CLI, a private Redis crashed before the stop.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CLOSE_MS } from '../../src/cli/signals.ts';
import { exitWithin, useCliWorld } from './helpers/cli-world.ts';
import { PrivateRedis } from './helpers/processes.ts';

/** Far longer than the bound below: a worker that waits it out is caught. */
const GRACE_S = 120;
/** A margin for a loaded machine: a hang detector, not a timing. */
const SLACK_MS = 20_000;

const t = useCliWorld();
let server: PrivateRedis;
beforeEach(async () => {
  server = await PrivateRedis.start();
});
afterEach(async () => {
  await server.stop();
});

it('an idle worker stops at once when Redis is down, without waiting out its grace period', async () => {
  const worker = await t.startWorker({ REDIS_URL: server.url, LOG_LEVEL: 'info' }, ['--grace', String(GRACE_S)]);
  await server.crash();
  worker.child.kill('SIGTERM');
  expect(await exitWithin(worker, CLOSE_MS + SLACK_MS)).toBe(0);
});
