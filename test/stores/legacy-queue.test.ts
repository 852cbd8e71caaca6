/**
 * Upgrading from the shared queue of earlier versions: rows left on `<prefix>:rows` (which do not
 * say their store) are counted and left alone, never sent; the old shared schedules are removed.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { settleLegacyQueue } from '../../src/intake/legacy-queue.ts';
import { createLogger } from '../../src/log.ts';
import { bullConnection } from '../../src/sync/queue/connection.ts';
import { deleteKeys } from '../sync/helpers/redis.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

let prefix: string;
beforeEach(() => {
  prefix = `test-${randomUUID()}`;
});
afterEach(async () => {
  const redis = new Redis(REDIS_URL);
  await deleteKeys(redis, prefix);
  await redis.quit();
});

it('counts the rows an earlier version left on the shared queue, leaves them, and removes the shared schedules', async () => {
  const rows = new Queue('rows', { connection: bullConnection({ redisUrl: REDIS_URL }), prefix });
  const schedules = new Queue('schedules', { connection: bullConnection({ redisUrl: REDIS_URL }), prefix });
  try {
    await rows.addBulk([1, 2, 3].map((row) => ({ name: 'row', data: { row, cells: [], plan: { kind: 'skip' } } })));
    await schedules.upsertJobScheduler('job:nightly', { pattern: '0 2 * * *' }, { name: 'scheduled-sync' });
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });

    const found = await settleLegacyQueue(
      { redisUrl: REDIS_URL },
      prefix,
      createLogger({ level: 'info', destination }),
    );

    expect(found).toEqual({ rows: 3, schedulesRemoved: ['job:nightly'] });
    expect(await rows.getWaitingCount()).toBe(3);
    expect(await schedules.getJobSchedulers()).toEqual([]);
    const warnings = lines.filter((line) => line.level === 40).map((line) => String(line.msg));
    expect(warnings).toEqual([
      expect.stringContaining('3 rows queued by an earlier catalog-sync'),
      expect.stringContaining('removed 1 schedule an earlier'),
    ]);
    expect(warnings[0]).toContain('this version never sends them');
  } finally {
    await rows.close();
    await schedules.close();
  }
});
