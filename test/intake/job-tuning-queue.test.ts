/**
 * A job file's own rate and concurrency hold in local runs only; with REDIS_URL its rows run on the
 * queue at the store's one rate. The job still syncs, and the log says its setting had no effect
 * there, instead of leaving it silently ignored. Real sandbox store over HTTP, real Redis (own
 * prefix), an in-process worker from the same composition root.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.ts';
import { resolveConfig } from '../../src/config.ts';
import { createLogger } from '../../src/log.ts';
import { createCount, productCsv, writeSheet } from './helpers.ts';
import { useSandboxWorld } from '../helpers/use-world.ts';

const world = useSandboxWorld({ name: 'test-job-tuning', redis: true });

let app: App;
let lines: Record<string, unknown>[];

beforeEach(() => {
  lines = [];
  const config = resolveConfig({
    ...world.storeEnv,
    ...world.redisEnv,
    REPORT_DIR: join(world.dir, 'reports'),
    RATE: '50',
  });
  const destination = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  app = createApp(config, createLogger({ destination }));
});

afterEach(async () => {
  await app.close();
});

it("a job's own rate on the queue: its rows are synced at the store's rate, and the log says the job's rate did not apply", async () => {
  const worker = await app.startWorker();
  try {
    const file = await writeSheet(join(world.dir, 'job.csv'), productCsv(['jt-1', 'jt-2']));
    const summary = await app.runner({ rate: 2, concurrency: 1 })(
      { file, source: 'job:nightly' },
      new AbortController().signal,
    );
    expect(summary.counts.created).toBe(2);
    expect(createCount(world.sandbox)).toBe(2);
  } finally {
    await worker.close();
  }
  const warning = lines.find((line) =>
    String(line.msg).startsWith("the job's own rate and concurrency apply to local runs only"),
  );
  expect(warning).toMatchObject({ level: 40, jobRate: 2, jobConcurrency: 1, storeRate: 50 });
});

it('a job without its own rate on the queue says nothing about it', async () => {
  const worker = await app.startWorker();
  try {
    const file = await writeSheet(join(world.dir, 'job.csv'), productCsv(['jt-3']));
    expect((await app.runner({})({ file, source: 'job:plain' }, new AbortController().signal)).counts.created).toBe(1);
  } finally {
    await worker.close();
  }
  expect(lines.some((line) => String(line.msg).includes("the job's own rate"))).toBe(false);
});
