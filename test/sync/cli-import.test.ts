/** `catalog-sync import` end to end through the real CLI entry (runCli) against the sandbox. */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys } from './helpers/redis.ts';
import { writeBrokenSheet } from './helpers/broken-sheet.ts';
import { runCli } from '../../src/cli/main.ts';
import { enqueueSync } from '../../src/sync/index.ts';
import { storePrefix } from '../../src/sync/queue/keys.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';
import { useSandboxWorld } from '../helpers/use-world.ts';

const world = useSandboxWorld('cli-import', { once: true });

function io(env: Record<string, string>) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  return {
    io: {
      stdout,
      stderr,
      env: { LOG_LEVEL: 'silent', LEDGER_FILE: join(world.dir, 'ledger', 'ledger.jsonl'), ...env },
    },
    out: () => out,
    err: () => err,
  };
}

let sheet: string;
beforeAll(async () => {
  sheet = join(world.dir, 'p.csv');
  await writeFile(sheet, 'title,title_ar,category,sale_price,barcode\nTea,شاي,1,5,111\nCoffee,قهوة,2,7,112\n');
});
describe('catalog-sync import', () => {
  it('--sandbox syncs end to end, prints the summary with --json and exits 0', async () => {
    const t = io({});
    const code = await runCli(['import', sheet, '--sandbox', '--json', '--report-dir', join(world.dir, 'r1')], t.io);
    expect(code).toBe(0);
    const summary = JSON.parse(t.out()) as BatchSummary;
    expect(summary.counts.created).toBe(2);
    expect((await readdir(summary.reportDir)).sort()).toEqual([
      'failed.csv',
      'messages.jsonl',
      'results.csv',
      'results.xlsx',
      'summary.json',
    ]);
  });

  it('a second import of the same sheet creates nothing again (sync ledger)', async () => {
    const env = {
      STORE_URL: world.sandbox.url,
      STORE_EMAIL: world.sandbox.email,
      STORE_PASSWORD: world.sandbox.password,
    };
    const once = join(world.dir, 'once.csv');
    await writeFile(once, 'title,category,sale_price,barcode\nOnce,1,5,ONCE-1\n');
    const first = io(env);
    expect(await runCli(['import', once, '--json', '--report-dir', join(world.dir, 'r7')], first.io)).toBe(0);
    expect((JSON.parse(first.out()) as BatchSummary).counts.created).toBe(1);
    const second = io(env);
    expect(await runCli(['import', once, '--json', '--report-dir', join(world.dir, 'r7')], second.io)).toBe(0);
    expect((JSON.parse(second.out()) as BatchSummary).counts).toMatchObject({ created: 0, skipped: 1 });
    expect(world.sandbox.products().filter((p) => p.fields.barcode === 'ONCE-1')).toHaveLength(1);
  });

  it('exits 2 and sends nothing when the sheet is damaged deep down', async () => {
    const broken = join(world.dir, 'broken.csv');
    await writeBrokenSheet(broken, 'CLI');
    const t = io({});
    const code = await runCli(['import', broken, '--sandbox', '--report-dir', join(world.dir, 'reports')], t.io);
    expect(code).toBe(2);
    expect(t.out() + t.err()).toContain('near row 32: a quoted field opened there is never closed');
    expect(t.out()).not.toContain('created');
  });

  it('exits 1 when a row is invalid', async () => {
    const bad = join(world.dir, 'bad.csv');
    await writeFile(bad, 'title,category,sale_price\nTea,1,abc\n');
    const t = io({
      STORE_URL: world.sandbox.url,
      STORE_EMAIL: world.sandbox.email,
      STORE_PASSWORD: world.sandbox.password,
    });
    expect(await runCli(['import', bad, '--queue', 'local', '--report-dir', join(world.dir, 'r2')], t.io)).toBe(1);
  });

  it('--dry-run sends no writes and says what each row would do', async () => {
    const [id, other] = ['Old', 'Older'].map(
      (title) => world.sandbox.seedProduct({ title, sale_price: 1, category: 1 }).product_id,
    );
    const mixed = join(world.dir, 'mixed.csv');
    await writeFile(
      mixed,
      `product_id,product_status,title,category,sale_price,barcode\n,,New,1,5,DRY-1\n${id},,,,9,\n${other},0,,,,\n`,
    );
    world.sandbox.resetStats();
    const t = io({
      STORE_URL: world.sandbox.url,
      STORE_EMAIL: world.sandbox.email,
      STORE_PASSWORD: world.sandbox.password,
    });
    expect(await runCli(['import', mixed, '--dry-run', '--json', '--report-dir', join(world.dir, 'r3')], t.io)).toBe(0);
    expect(world.sandbox.requests().map((r) => r.path)).toEqual(['/v1/authorization', '/v1/categories']);
    const summary = JSON.parse(t.out()) as BatchSummary;
    expect(summary.dryRun).toBe(true);
    expect(summary.counts).toMatchObject({ would_create: 1, would_update: 1, would_change_status: 1, skipped: 0 });
    const results = await readFile(join(summary.reportDir, 'results.csv'), 'utf8');
    expect(results).toContain(',2,would_create,dry run: would create the product,');
    expect(results).toContain(',3,would_update,dry run: would update the product,');
    expect(results).toContain(',4,would_change_status,dry run: would change the product status,');
    const plain = io({
      STORE_URL: world.sandbox.url,
      STORE_EMAIL: world.sandbox.email,
      STORE_PASSWORD: world.sandbox.password,
    });
    expect(await runCli(['import', mixed, '--dry-run', '--report-dir', join(world.dir, 'r3')], plain.io)).toBe(0);
    expect(plain.out()).toContain('(dry run): 3 rows: would_create 1, would_update 1, would_change_status 1');
  });

  it('exits 2 on wrong credentials, a missing file, or --queue redis without Redis', async () => {
    const wrong = io({ STORE_URL: world.sandbox.url, STORE_EMAIL: world.sandbox.email, STORE_PASSWORD: 'wrong' });
    expect(await runCli(['import', sheet, '--queue', 'local', '--report-dir', join(world.dir, 'r4')], wrong.io)).toBe(
      2,
    );
    expect(wrong.err()).not.toContain('wrong');
    const missing = io({
      STORE_URL: world.sandbox.url,
      STORE_EMAIL: world.sandbox.email,
      STORE_PASSWORD: world.sandbox.password,
    });
    expect(
      await runCli(['import', join(world.dir, 'nope.csv'), '--report-dir', join(world.dir, 'r5')], missing.io),
    ).toBe(2);
    const noRedis = io({
      STORE_URL: world.sandbox.url,
      STORE_EMAIL: world.sandbox.email,
      STORE_PASSWORD: world.sandbox.password,
    });
    expect(await runCli(['import', sheet, '--queue', 'redis'], noRedis.io)).toBe(2);
  });

  it('--queue redis syncs through BullMQ and `status` shows the batch as reported', async () => {
    const prefix = `test-${randomUUID()}`;
    const redis = new Redis(REDIS_URL);
    try {
      const env = { REDIS_URL: REDIS_URL, QUEUE_PREFIX: prefix };
      const t = io(env);
      expect(
        await runCli(
          ['import', sheet, '--sandbox', '--queue', 'redis', '--json', '--report-dir', join(world.dir, 'r6')],
          t.io,
        ),
      ).toBe(0);
      const summary = JSON.parse(t.out()) as BatchSummary;
      expect(summary.counts.created).toBe(2);
      const s = io(env);
      expect(await runCli(['status', '--json'], s.io)).toBe(0);
      // No store configured here: every store with batches under the prefix, each batch naming its store.
      expect(JSON.parse(s.out())).toEqual({
        stores: [
          {
            store: null,
            storeRate: null,
            batches: [
              expect.objectContaining({
                batchId: summary.batchId,
                store: summary.store,
                status: 'reported',
                done: 2,
                total: 2,
              }),
            ],
          },
        ],
      });
      expect(summary.store?.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
      expect(summary.store?.account).toBe('demo@catalog-sync.test');
      expect(await runCli(['status', 'no-such-batch'], io(env).io)).toBe(1);
    } finally {
      await deleteKeys(redis, prefix);
      await redis.quit();
    }
  });

  it('`status` says a running batch waits for a worker when none serves its store', async () => {
    const prefix = `test-${randomUUID()}`;
    const redis = new Redis(REDIS_URL);
    try {
      const store = { url: world.sandbox.url, account: world.sandbox.email };
      const { batchId } = await enqueueSync(
        { file: sheet },
        { redisUrl: REDIS_URL, prefix: storePrefix(prefix, store), store, reportDir: world.dir, rate: 5 },
      );
      const env = {
        REDIS_URL: REDIS_URL,
        QUEUE_PREFIX: prefix,
        STORE_URL: world.sandbox.url,
        STORE_EMAIL: world.sandbox.email,
        STORE_PASSWORD: world.sandbox.password,
      };
      const shown = io(env);
      expect(await runCli(['status'], shown.io)).toBe(0);
      const line = shown
        .out()
        .split('\n')
        .find((l) => l.includes(batchId));
      expect(line).toMatch(/waiting for a worker \(none serves its store: catalog-sync worker\)\s+0\/2 rows/);
      const json = io(env);
      expect(await runCli(['status', '--json'], json.io)).toBe(0);
      expect((JSON.parse(json.out()) as { batches: unknown[] }).batches).toEqual([
        expect.objectContaining({ batchId, status: 'running', waitingForWorker: true, done: 0, total: 2 }),
      ]);
    } finally {
      await deleteKeys(redis, prefix);
      await redis.quit();
    }
  });
});
