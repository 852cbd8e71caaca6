/** The console with Redis: batches go to the queue and a worker takes them; /queues is bull-board behind the login. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_NAME } from '../../src/sync/index.ts';
import { readEvents, sheetForm, startConsoleWorld, type ConsoleWorld } from './helpers.ts';

let world: ConsoleWorld;

beforeAll(async () => {
  // A rehearsal: the console runs the worker itself, as `serve --sandbox` does with Redis.
  world = await startConsoleWorld({ redis: true, rehearsal: true });
});

afterAll(async () => {
  await world?.close();
});

describe('the console with Redis', () => {
  it('/healthz names Redis up', async () => {
    const res = await fetch(`${world.url}/healthz`);
    expect(await res.json()).toEqual({ status: 'ok', parts: { store: 'up', redis: 'up' } });
  });

  it('a batch goes through the queue to a worker, with live progress to the end', async () => {
    const sheet = [
      'title,sale_price,category,barcode',
      ...Array.from({ length: 12 }, (_, i) => `Item ${i},${i + 1},1,Q-${i}`),
    ];
    const res = await world.api('/api/batches', { method: 'POST', body: sheetForm('queued.csv', sheet.join('\n')) });
    expect(res.status).toBe(202);
    const { batchId } = (await res.json()) as { batchId: string };
    const events = await readEvents(world, batchId);
    expect(events.at(-1)).toMatchObject({ batchId, status: 'done', total: 12, counts: { created: 12 } });
    expect(world.sandbox.requestCount('/v1/create_product')).toBe(12);
    expect((await world.api(`/api/batches/${batchId}/files/results.xlsx`)).status).toBe(200);
    const metrics = await (await world.api('/metrics')).text();
    expect(metrics).toContain('catalog_sync_queue_depth{store="default"} 0');
    // Counted once, by the worker that ran them (here inside the console), not again from the
    // batch's progress: Prometheus adding up every process's figures counts each row once.
    expect(metrics).toMatch(/^catalog_sync_rows_total\{store="default",outcome="created"\} 12$/m);
    expect(metrics).toMatch(
      /^catalog_sync_store_requests_total\{store="default",endpoint="create_product",status="200"\} 12$/m,
    );
  });

  it('/queues is bull-board over the sync queue, behind the same login', async () => {
    const anonymous = await fetch(`${world.url}/queues`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/login?next=%2Fqueues');
    expect((await fetch(`${world.url}/queues/api/queues`)).status).toBe(401);
    const page = await world.api('/queues');
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);
    const api = await world.api('/queues/api/queues');
    expect(api.status).toBe(200);
    const body = (await api.json()) as { queues: { name: string }[] };
    expect(body.queues.map((q) => q.name)).toEqual([QUEUE_NAME]);
  });
});
