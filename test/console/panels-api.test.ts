/**
 * The API behind the page's panels, against a real sandbox store over HTTP: the schedules (with
 * "run now"), the drop folder and the store. Every answer is checked for the store's secrets.
 */
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadJobs } from '../../src/intake/job-file.ts';
import { scheduleQueue, syncSchedules } from '../../src/intake/schedules.ts';
import { SECRET_VALUES } from '../../src/sandbox/index.ts';
import { fillDropFolder } from './drop-folder.ts';
import { readEvents, startConsoleWorld, useConsoleWorld } from './helpers.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

const world = useConsoleWorld();

async function json<T = Record<string, unknown>>(
  path: string,
  init?: RequestInit,
): Promise<{ status: number; body: T; text: string }> {
  const res = await world.api(path, init);
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as T, text };
}

function expectNoSecrets(text: string): void {
  for (const secret of [...SECRET_VALUES, world.sandbox.password]) expect(text).not.toContain(secret);
}

/** A job file in the console's JOBS_DIR whose sheet has two new products. */
async function nightlyJob(extra = ''): Promise<void> {
  const sheet = join(world.jobsDir, 'nightly.csv');
  await writeFile(sheet, ['title,sale_price,category,barcode', 'Lamp,12.5,1,N-1', 'Desk,40,1,N-2'].join('\n'));
  await writeFile(
    join(world.jobsDir, 'nightly.yaml'),
    `name: nightly\nsource: nightly.csv\nschedule: "0 2 * * *"\nmode: full\n${extra}`,
  );
}

describe('login', () => {
  it.each([
    ['GET', '/api/schedules'],
    ['POST', '/api/schedules/nightly/run'],
    ['GET', '/api/drop'],
    ['GET', '/api/store'],
  ])('%s %s without a token is 401', async (method, path) => {
    expect((await fetch(`${world.url}${path}`, { method })).status).toBe(401);
    const wrong = await fetch(`${world.url}${path}`, { method, headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(401);
  });
});

describe('GET /api/schedules', () => {
  it('lists each job with its cron and the next run in the store time zone', async () => {
    await nightlyJob();
    const { status, body } = await json<{ storeTimeZone: string; schedules: Record<string, unknown>[] }>(
      '/api/schedules',
    );
    expect(status).toBe(200);
    // The sandbox store keeps Kuwait's time (UTC+3, no summer time): 02:00 there is 23:00 UTC.
    expect(body.storeTimeZone).toBe('Asia/Kuwait');
    expect(body.schedules).toHaveLength(1);
    const [job] = body.schedules;
    expect(job).toMatchObject({
      name: 'nightly',
      cron: '0 2 * * *',
      timezone: 'Asia/Kuwait',
      mode: 'full',
      registered: false,
      lastBatch: null,
    });
    expect(job!.nextInStoreZone).toMatch(/^\d{4}-\d\d-\d\d 02:00$/);
    expect(job!.next).toMatch(/T23:00:00\.000Z$/);
    expect(Date.parse(job!.next as string)).toBeGreaterThan(Date.now());
  });

  it('shows a job in its own time zone, and an https source without its query', async () => {
    await writeFile(
      join(world.jobsDir, 'feed.yaml'),
      'name: feed\nsource: "https://feeds.example.com/products.csv?token=feed-secret-123"\nschedule: "30 6 * * 1"\ntimezone: UTC\n',
    );
    const { body, text } = await json<{ schedules: Record<string, unknown>[] }>('/api/schedules');
    expect(body.schedules[0]).toMatchObject({
      name: 'feed',
      timezone: 'UTC',
      source: 'https://feeds.example.com/products.csv',
    });
    // 06:30 UTC on a Monday is 09:30 on the store's clock.
    expect(body.schedules[0]!.nextInStoreZone).toMatch(/ 09:30$/);
    expect(text).not.toContain('feed-secret-123');
    expectNoSecrets(text);
  });

  it('is an empty list without job files; a broken one is listed as skipped, naming the file and key, beside the good ones', async () => {
    expect((await json<{ schedules: unknown[] }>('/api/schedules')).body.schedules).toEqual([]);
    await writeFile(join(world.jobsDir, 'broken.yaml'), 'name: broken\nsource: x.csv\nschedule: "61 25 * * *"\n');
    await writeFile(join(world.jobsDir, 'good.yaml'), 'name: good\nsource: x.csv\nschedule: "0 3 * * *"\n');
    const { status, body } = await json<{
      schedules: { name: string }[];
      skipped: { file: string; key: string; message: string }[];
    }>('/api/schedules');
    expect(status).toBe(200);
    expect(body.schedules.map((s) => s.name)).toEqual(['good']);
    expect(body.skipped).toEqual([
      expect.objectContaining({ file: join(world.jobsDir, 'broken.yaml'), key: 'schedule' }),
    ]);
    expect(body.skipped[0]!.message).toContain('broken.yaml: schedule: must be a cron expression');
  });
});

describe('POST /api/schedules/{name}/run', () => {
  it('runs the job now as a batch of its own, which then is the job’s last result', async () => {
    await nightlyJob();
    const { status, body } = await json<{ batchId: string }>('/api/schedules/nightly/run', { method: 'POST' });
    expect(status).toBe(202);
    const events = await readEvents(world, body.batchId);
    expect(events.at(-1)).toMatchObject({ status: 'done', source: 'job:nightly', counts: { created: 2 } });
    expect(world.sandbox.products().map((p) => p.fields.title)).toEqual(expect.arrayContaining(['Lamp', 'Desk']));

    const listed = await json<{ schedules: { lastBatch: Record<string, unknown> }[] }>('/api/schedules');
    expect(listed.body.schedules[0]!.lastBatch).toMatchObject({
      batchId: body.batchId,
      status: 'done',
      counts: { created: 2 },
    });
    const batches = await json<{ batchId: string; source: string }[]>('/api/batches');
    expect(batches.body.find((b) => b.batchId === body.batchId)?.source).toBe('job:nightly');
  });

  it('a folder job run from the panel then shows its source and its last download: when, how big, which file', async () => {
    const incoming = join(world.jobsDir, '..', 'incoming');
    await mkdir(incoming, { recursive: true });
    const text = ['title,sale_price,category,barcode', 'Lamp,12.5,1,F-1'].join('\n');
    await writeFile(join(incoming, 'prices-28.csv'), text);
    await writeFile(
      join(world.jobsDir, 'daily.yaml'),
      'name: daily\nsource: ../incoming\npattern: "prices-*.csv"\nafter: keep\nschedule: "0 2 * * *"\n',
    );
    const before = await json<{ schedules: Record<string, unknown>[] }>('/api/schedules');
    expect(before.body.schedules[0]).toMatchObject({ name: 'daily', lastDownload: null });
    const { body } = await json<{ batchId: string }>('/api/schedules/daily/run', { method: 'POST' });
    expect((await readEvents(world, body.batchId)).at(-1)).toMatchObject({ status: 'done', counts: { created: 1 } });
    const after = await json<{ schedules: { source: string; lastDownload: Record<string, unknown> }[] }>(
      '/api/schedules',
    );
    expect(after.body.schedules[0]!.source).toBe(incoming);
    expect(after.body.schedules[0]!.lastDownload).toMatchObject({
      bytes: Buffer.byteLength(text),
      file: 'prices-28.csv',
    });
    expect(Date.parse(String(after.body.schedules[0]!.lastDownload.at))).not.toBeNaN();
  });

  it('a job whose sheet is missing shows its batch failed, with the reason', async () => {
    await writeFile(join(world.jobsDir, 'gone.yaml'), 'name: gone\nsource: nowhere.csv\nschedule: "0 3 * * *"\n');
    const { status, body } = await json<{ batchId: string }>('/api/schedules/gone/run', { method: 'POST' });
    expect(status).toBe(202);
    const events = await readEvents(world, body.batchId);
    expect(events.at(-1)).toMatchObject({ status: 'failed', source: 'job:gone' });
    expect(String(events.at(-1)!.error)).toContain('nowhere.csv');
  });

  it.each([
    ['an unknown name', 'weekly'],
    ['the file name instead of the job name', 'nightly.yaml'],
    ['a path', '..%2F..%2Fetc%2Fpasswd'],
  ])('%s is 404 and runs nothing', async (_what, name) => {
    await nightlyJob();
    const { status, body } = await json<{ error: string }>(`/api/schedules/${name}/run`, { method: 'POST' });
    expect(status).toBe(404);
    expect(body.error).toMatch(/no job named/);
    expect((await json<unknown[]>('/api/batches')).body).toEqual([]);
    expect(world.sandbox.requestCount('/v1/create_product')).toBe(0);
  });
});

describe('GET /api/drop', () => {
  it('is empty before the drop folder exists', async () => {
    const { status, body } = await json('/api/drop');
    expect(status).toBe(200);
    for (const folder of ['inbox', 'processing', 'done', 'failed'])
      expect(body[folder]).toEqual({ total: 0, files: [] });
  });

  it('lists the files waiting, in progress, done (with their status) and failed (with the error)', async () => {
    await fillDropFolder(world.dropDir);
    const { body, text } = await json<Record<string, { total: number; files: Record<string, unknown>[] }>>('/api/drop');
    expect(body.inbox!.files.map((f) => f.name)).toEqual(['spring.csv']);
    expect(body.processing!.files).toEqual([{ name: 'big.xlsx', at: '2026-01-22T03:15:00Z', bytes: 1 }]);
    expect(body.done).toEqual({
      total: 1,
      files: [
        expect.objectContaining({
          name: 'prices.csv',
          at: '2026-01-21T10:15:00Z',
          status: 'needs_fix',
          batchId: '20260121-101501-cccccc',
          counts: { created: 1, invalid: 1 },
        }),
      ],
    });
    expect(body.failed!.files).toHaveLength(1);
    expect(body.failed!.files[0]).toMatchObject({ name: 'broken.xlsx', status: 'failed' });
    expect(body.failed!.files[0]!.message).toContain('bad_zip');
    expectNoSecrets(text);
  });

  it('shows the newest 50 of a folder, newest first, and how many there are', async () => {
    await mkdir(join(world.dropDir, 'inbox'), { recursive: true });
    for (let i = 0; i < 60; i++) {
      const path = join(world.dropDir, 'inbox', `sheet-${String(i).padStart(2, '0')}.csv`);
      await writeFile(path, 'title\n');
      const at = new Date(Date.UTC(2026, 0, 1, 0, i));
      await utimes(path, at, at);
    }
    const { body } = await json<{ inbox: { total: number; files: { name: string }[] } }>('/api/drop');
    expect(body.inbox.total).toBe(60);
    expect(body.inbox.files).toHaveLength(50);
    expect(body.inbox.files[0]!.name).toBe('sheet-59.csv');
    expect(body.inbox.files.at(-1)!.name).toBe('sheet-10.csv');
  });
});

describe('GET /api/store', () => {
  it('names the store, lists its categories and the limits used, and carries no secret', async () => {
    world.sandbox.seedProduct({ title: 'Seed', sale_price: 1, category: 2 });
    const { status, body, text } = await json<Record<string, unknown>>('/api/store');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      store_name: 'Sandbox Store',
      store_name_ar: 'متجر التجربة',
      time_zone: 'Asia/Kuwait',
    });
    const categories = body.categories as { category_id: number; product_total: number }[];
    expect(categories).toHaveLength(world.sandbox.categories().length);
    expect(categories.find((c) => c.category_id === 2)).toMatchObject({ category_name: 'Clothing' });
    const total = categories.reduce((sum, c) => sum + c.product_total, 0);
    expect(total).toBeGreaterThanOrEqual(1);
    expect(body.limits).toEqual({
      products: { used: total, limit: 1_000_000 },
      categories: { used: categories.length, limit: 100 },
    });
    expect(body.rate).toEqual({ perSecond: 200, source: 'given' });
    expectNoSecrets(text);
    // Not even the names of the secret fields.
    expect(text).not.toMatch(/courier|payment_provider/);
  });

  it('is 502 with a message when the store does not answer', async () => {
    await world.sandbox.close();
    const { status, body } = await json<{ error: string }>('/api/store');
    expect(status).toBe(502);
    expect(body.error).toMatch(/the store did not answer/);
  });
});

describe('GET /metrics', () => {
  it('counts the time requests waited at the rate gate', async () => {
    await nightlyJob();
    const { body } = await json<{ batchId: string }>('/api/schedules/nightly/run', { method: 'POST' });
    await readEvents(world, body.batchId);
    const metrics = await (await world.api('/metrics')).text();
    const count = Number(/^catalog_sync_rate_gate_wait_seconds_count\{store="default"\} (\d+)$/m.exec(metrics)?.[1]);
    // Two creates at least (and the login and category counts): each passed the gate once.
    expect(count).toBeGreaterThanOrEqual(2);
    expect(metrics).toMatch(/^catalog_sync_rows_total\{store="default",outcome="created"\} 2$/m);
  });
});

describe('with Redis', () => {
  it('shows a job the workers registered as registered, with the next run BullMQ keeps', async () => {
    const queued = await startConsoleWorld({ redis: true });
    try {
      await writeFile(join(queued.jobsDir, 'hourly.yaml'), 'name: hourly\nsource: x.csv\nschedule: "15 * * * *"\n');
      const before = (await (await queued.api('/api/schedules')).json()) as { schedules: Record<string, unknown>[] };
      expect(before.schedules[0]).toMatchObject({ name: 'hourly', registered: false });
      // What `catalog-sync worker` does at start (and `schedule sync`), on the store's queue prefix.
      const queue = scheduleQueue({ redisUrl: REDIS_URL }, queued.storePrefix!);
      try {
        await syncSchedules(queue, (await loadJobs(queued.jobsDir)).jobs, 'Asia/Kuwait');
        const [registered] = await queue.getJobSchedulers(0, -1, true);
        const after = (await (await queued.api('/api/schedules')).json()) as { schedules: Record<string, unknown>[] };
        expect(after.schedules[0]).toMatchObject({
          name: 'hourly',
          registered: true,
          next: new Date(registered!.next!).toISOString(),
        });
        expect(after.schedules[0]!.nextInStoreZone).toMatch(/:15$/);
      } finally {
        await queue.close();
      }
    } finally {
      await queued.close();
    }
  });
});
