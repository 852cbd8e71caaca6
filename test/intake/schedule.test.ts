import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { JobFileError, loadJobs, nextRun, parseJobFile } from '../../src/intake/job-file.ts';
import { listSchedules, scheduleQueue, syncSchedules } from '../../src/intake/schedules.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { cli } from './cli.ts';
import { createCount, startWorld, writeCount, type World, jobsEnv } from './helpers.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

let world: World;
let env: Record<string, string>;

beforeEach(async () => {
  world = await startWorld();
  env = await jobsEnv(world);
});

afterEach(async () => {
  await world.close();
});

async function job(name: string, sheet: string, mode: 'delta' | 'full'): Promise<void> {
  await writeFile(
    join(env.JOBS_DIR!, `${name}.yaml`),
    `name: ${name}\nsource: ${sheet}\nschedule: "0 2 * * *"\ntimezone: UTC\nmode: ${mode}\n`,
  );
}

/** The data lines of a report CSV (header and BOM dropped). */
async function dataLines(summary: BatchSummary, file: string): Promise<string[]> {
  const text = await readFile(join(summary.reportDir, file), 'utf8');
  return text
    .split('\r\n')
    .slice(1)
    .filter((line) => line !== '');
}

async function runJob(name: string): Promise<BatchSummary> {
  const run = await cli(['schedule', 'run', name, '--json'], env);
  if (run.code !== 0) throw new Error(`exit ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as BatchSummary;
}

describe('schedule run', () => {
  it('in delta mode sends nothing for an unchanged sheet and only the changed rows after an edit', async () => {
    const a = world.sandbox.seedProduct({ title: 'A', sale_price: 1, category: 1 }).product_id;
    const b = world.sandbox.seedProduct({ title: 'B', sale_price: 1, category: 1 }).product_id;
    const sheet = join(world.dir, 'catalog.csv');
    const rows = (priceB: number, extra = '') =>
      `product_id,title,sale_price,category,barcode\n${a},A,5,1,\n${b},B,${priceB},1,\n,New 1,7,1,n1\n,New 2,8,1,n2\n${extra}`;
    await writeFile(sheet, rows(6));
    await job('nightly', sheet, 'delta');

    const first = await runJob('nightly');
    expect(first.counts).toMatchObject({ updated: 2, created: 2 });
    expect(first.source).toBe('job:nightly');

    world.sandbox.resetStats();
    const second = await runJob('nightly');
    expect(second.counts.skipped).toBe(4);
    expect(writeCount(world.sandbox)).toBe(0);
    // The report says what changed (nothing); unchanged rows are counted with their row numbers.
    expect(second.skippedUnchanged).toEqual({ count: 4, listed: false, rows: '2-5' });
    expect(await dataLines(second, 'results.csv')).toEqual([]);

    await writeFile(sheet, rows(9, ',New 3,9,1,n3\n'));
    world.sandbox.resetStats();
    const third = await runJob('nightly');
    expect(third.counts).toMatchObject({ updated: 1, created: 1, skipped: 3 });
    expect(world.sandbox.requestCount('/v1/update_product')).toBe(1);
    expect(createCount(world.sandbox)).toBe(1);
    expect(world.sandbox.product(b)?.fields.sale_price).toBe(9);
    expect(third.skippedUnchanged).toEqual({ count: 3, listed: false, rows: '2, 4-5' });
    const listed = await dataLines(third, 'results.csv');
    expect(listed.map((line) => line.split(',').slice(-5, -3).join(' '))).toEqual(['3 updated', '6 created']);
  });

  it('with list_unchanged the report lists the unchanged rows too', async () => {
    const sheet = join(world.dir, 'listed.csv');
    await writeFile(sheet, 'title,sale_price,category,barcode\nOne,1,1,l1\nTwo,2,1,l2\n');
    await writeFile(
      join(env.JOBS_DIR!, 'listed.yaml'),
      `name: listed\nsource: ${sheet}\nschedule: "0 2 * * *"\ntimezone: UTC\nlist_unchanged: true\n`,
    );
    expect((await runJob('listed')).counts.created).toBe(2);
    const again = await runJob('listed');
    expect(again.skippedUnchanged).toEqual({ count: 2, listed: true });
    const lines = await dataLines(again, 'results.csv');
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.includes('unchanged since it was created'))).toBe(true);
  });

  it('a created-then-resynced sheet without product_ids creates nothing the second time, even in full mode', async () => {
    const sheet = join(world.dir, 'new.csv');
    await writeFile(sheet, 'title,sale_price,category,barcode\nOne,1,1,c1\nTwo,2,1,c2\nThree,3,1,c3\n');
    await job('full-sync', sheet, 'full');
    expect((await runJob('full-sync')).counts.created).toBe(3);
    const again = await runJob('full-sync');
    expect(again.counts.skipped).toBe(3);
    expect(createCount(world.sandbox)).toBe(3);
    const results = await readFile(join(again.reportDir, 'results.csv'), 'utf8');
    expect(results).toContain('add the product');
    expect(results).toContain('product_id');
  });

  it('names the file and key of a bad job file, with exit code 2', async () => {
    await writeFile(join(env.JOBS_DIR!, 'bad.yaml'), 'name: bad\nsource: x.csv\nschedule: "every night"\n');
    const run = await cli(['schedule', 'run', 'bad'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('bad.yaml: schedule: must be a cron expression');
  });
});

describe('schedule list', () => {
  it("is a table whose next runs are on the store's clock, whatever zone each cron is read in", async () => {
    await writeFile(
      join(env.JOBS_DIR!, 'utc.yaml'),
      'name: utc\nsource: a.csv\nschedule: "0 2 * * *"\ntimezone: UTC\n',
    );
    await writeFile(join(env.JOBS_DIR!, 'local.yaml'), 'name: local\nsource: a.csv\nschedule: "30 2 * * *"\n');
    const run = await cli(['schedule', 'list'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('\t');
    const [header, rule, ...rows] = run.stdout.trimEnd().split('\n');
    // The sandbox store's clock is Asia/Kuwait (UTC+3, no daylight saving).
    expect(header).toMatch(/^JOB\s+CRON\s+TIME ZONE\s+NEXT RUN \(Asia\/Kuwait, the store's\)\s+REGISTERED$/);
    expect(rule).toMatch(/^-+( +-+){4}$/);
    expect(rows.sort()).toEqual([
      expect.stringMatching(
        /^local\s+30 2 \* \* \*\s+Asia\/Kuwait\s+\d{4}-\d\d-\d\d 02:30\s+no \(a worker registers it\)$/,
      ),
      expect.stringMatching(/^utc\s+0 2 \* \* \*\s+UTC\s+\d{4}-\d\d-\d\d 05:00\s+no \(a worker registers it\)$/),
    ]);
  });
});

describe('job files', () => {
  const file = '/jobs/j.yaml';
  it.each([
    ['name: x\nschedule: "0 2 * * *"\n', 'source', 'is required'],
    ['name: x\nsource: a.csv\nschedule: "61 2 * * *"\n', 'schedule', 'cron'],
    ['name: x\nsource: a.csv\nschedule: "0 2 * * *"\ntimezone: Mars/Base\n', 'timezone', 'IANA'],
    ['name: x\nsource: a.csv\nschedule: "0 2 * * *"\nmode: fast\n', 'mode', 'delta or full'],
    ['name: x\nsource: http://example.com/a.csv\nschedule: "0 2 * * *"\n', 'source', 'https'],
    ['name: x\nsource: a.csv\nschedule: "0 2 * * *"\nrate: -1\n', 'rate', 'greater than 0'],
    ['name: x\nsource: a.csv\nschedule: "0 2 * * *"\nsheduel: 1\n', 'sheduel', 'unknown key'],
    ['name: "bad name"\nsource: a.csv\nschedule: "0 2 * * *"\n', 'name', 'letters'],
  ])('%j -> %s', (text, key, message) => {
    let error: unknown;
    try {
      parseJobFile(file, text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(JobFileError);
    expect((error as JobFileError).key).toBe(key);
    expect((error as JobFileError).message).toContain(`${file}: ${key}: `);
    expect((error as JobFileError).message).toContain(message);
  });

  it('applies defaults and resolves paths against the job file', () => {
    const job = parseJobFile(
      '/srv/jobs/n.yaml',
      'name: n\nsource: ../sheets/a.csv\nschedule: "0 2 * * *"\ncolumns: map.yaml\n',
    );
    expect(job).toMatchObject({
      source: '/srv/sheets/a.csv',
      columns: '/srv/jobs/map.yaml',
      mode: 'delta',
      keyColumn: 'barcode',
      timezone: undefined,
    });
  });

  it('the shipped example job is valid and points at the sample sheet', async () => {
    const {
      jobs: [example],
    } = await loadJobs(join(import.meta.dirname, '../../jobs'));
    expect(example?.source).toMatch(/templates\/sample-products\.csv$/);
    await expect(readFile(example!.source)).resolves.toBeTruthy();
  });

  it('computes the next run in the job time zone', () => {
    const after = Date.UTC(2026, 0, 22, 0, 0, 0);
    expect(new Date(nextRun('30 2 * * *', 'Asia/Riyadh', after)).toISOString()).toBe('2026-01-22T23:30:00.000Z');
  });
});

describe('BullMQ job schedulers', () => {
  const prefix = `test-${randomUUID()}`;
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('upserts each job once however often it is synced, and removes the schedule of a removed file', async () => {
    const queue = scheduleQueue({ redisUrl: REDIS_URL }, prefix);
    try {
      const a = parseJobFile('/j/a.yaml', 'name: a\nsource: a.csv\nschedule: "0 2 * * *"\n');
      const b = parseJobFile('/j/b.yaml', 'name: b\nsource: b.csv\nschedule: "15 3 * * 1"\ntimezone: Asia/Riyadh\n');
      await syncSchedules(queue, [a, b], 'UTC');
      await syncSchedules(queue, [a, b], 'UTC');
      expect(await queue.getJobSchedulersCount()).toBe(2);
      const rows = await listSchedules(queue, [a, b], 'UTC');
      expect(rows.map((r) => [r.name, r.timezone, r.next !== null])).toEqual([
        ['a', 'UTC', true],
        ['b', 'Asia/Riyadh', true],
      ]);

      const result = await syncSchedules(queue, [b], 'UTC');
      expect(result.removed).toEqual(['a']);
      expect((await queue.getJobSchedulers()).map((s) => s.id ?? s.key)).toEqual(['job:b']);
    } finally {
      await queue.close();
    }
  });
});
