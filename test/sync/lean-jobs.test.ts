/**
 * A queued row job carries its row and little else (Redis holds every queued row): its options are
 * its id alone, as the retries are the worker's (jobs.ts), and its plan's fields that are cells
 * under their own header are column numbers (packed-plan.ts). The rows still reach the store as
 * the local transport sends them, and a row whose worker failed is still retried.
 */
import { expect, it } from 'vitest';
import { startSyncWorker } from '../../src/sync/index.ts';
import { rowQueue } from '../../src/sync/queue/row-queue.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';
import { keysUnder } from './helpers/redis.ts';
import { useQueueWorld } from './helpers/queue-world.ts';
import { localTransport } from './helpers/transports.ts';
import { startWorld, type World } from './helpers/world.ts';

const LONG = 'Made from soft, breathable cotton that keeps its shape wash after wash; "gift box" included.';
const LONG_AR = 'مصنوع من القطن الناعم الذي يسمح بمرور الهواء ويحافظ على شكله بعد كل غسلة، مع علبة هدايا.';
const SHEET = [
  'title,title_ar,description,description_ar,sale_price,category,barcode,prices.1,product_option.0.title,product_option.0.type,product_option.0.option_values',
  `Shirt,قميص,"${LONG.replaceAll('"', '""')}",${LONG_AR},12.50,1,LEAN-1,10,Size,multi_select,1|2`,
  `Lamp,مصباح,Short,قصير,7,2,LEAN-2,,,,`,
  `Mug,كوب,"${LONG.replaceAll('"', '""')} Two",${LONG_AR} ٢,0.99,3,LEAN-3,1,Colour,multi_select,3`,
];

const world = useQueueWorld();
const enqueue = (file: string) => world.enqueue({ file });

it('a queued row job holds its id as its only option, and no field name its header gives; the store gets what the local transport sends', async () => {
  const file = await world.sheet('lean.csv', SHEET);
  const { batchId } = await enqueue(file);
  const jobs = (await keysUnder(world.redis, world.prefix)).filter((key) => /-r\d+$/.test(key));
  expect(jobs).toHaveLength(3);
  for (const key of jobs) {
    const opts = JSON.parse((await world.redis.hget(key, 'opts'))!) as Record<string, unknown>;
    // BullMQ writes attempts 0 for a job queued without them.
    expect(opts).toEqual({ jobId: key.slice(key.lastIndexOf(':') + 1), attempts: 0 });
    const data = (await world.redis.hget(key, 'data'))!;
    for (const field of ['"title"', '"description"', '"description_ar"', '"sale_price"', '"prices"', '"barcode"'])
      expect(data).not.toContain(field);
  }

  const client = world.client();
  const worker = startSyncWorker({ redisUrl: REDIS_URL, prefix: world.prefix, client, concurrency: 4 });
  try {
    const summary = await world.summaryOf(batchId);
    expect(summary.counts).toMatchObject({ created: 3 });
  } finally {
    await worker.close();
    client.close();
  }

  const local = await startWorld();
  try {
    const summary = await localTransport().run(local, { file: await local.sheet('lean.csv', SHEET) });
    expect(summary.counts).toMatchObject({ created: 3 });
    const fields = (w: World) => w.sandbox.products().map((product) => product.fields);
    expect(fields(world)).toEqual(fields(local));
    expect(fields(world)[0]).toMatchObject({ description: LONG, description_ar: LONG_AR, sale_price: 12.5 });
  } finally {
    await local.close();
  }
});

it('a row job whose worker failed is retried by the worker’s own retries, and never left failed', async () => {
  const file = await world.sheet('retry.csv', SHEET.slice(0, 2));
  const { batchId } = await enqueue(file);
  const client = world.client();
  let failures = 0;
  const worker = startSyncWorker({
    redisUrl: REDIS_URL,
    prefix: world.prefix,
    client,
    concurrency: 4,
    // The worker itself fails once, after the row is recorded (as a Redis error would).
    onRowEnded: () => {
      if (failures++ === 0) throw new Error('the worker failed');
    },
  });
  const queue = rowQueue({ redisUrl: REDIS_URL, prefix: world.prefix });
  try {
    const summary = await world.summaryOf(batchId);
    expect(summary.counts).toMatchObject({ created: 1 });
    expect(failures).toBe(1);
    expect(await queue.getFailedCount()).toBe(0);
    expect(world.sandbox.requestCount('/v1/create_product')).toBe(1);
  } finally {
    await queue.close();
    await worker.close();
    client.close();
  }
});
