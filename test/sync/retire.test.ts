/**
 * Retiring what a full feed no longer lists (issue 38, `--absent-status`): through the real CLI,
 * against the sandbox store over HTTP (its state checked after each step), in the local mode (file
 * ledger) and through the queue (the Redis ledger and a worker). A feed of 40 products, then one
 * that drops 3: exactly those 3 get the status, each with a report row saying why, and a second
 * run sends them nothing again (validate --absent-status counts them first); one that drops 30 is held by the guard; a damaged sheet, or one
 * that changes while it is read, retires nothing.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { createApp } from '../../src/app.ts';
import { resolveConfig } from '../../src/config.ts';
import { silentLogger } from '../../src/log.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import type { SyncWorker } from '../../src/sync/queue/worker-types.ts';
import { parseJobFile } from '../../src/intake/job-file.ts';
import { cli } from '../intake/cli.ts';
import { useSandboxWorld } from '../helpers/use-world.ts';
import { changedAfterFirstRow } from './helpers/broken-sheet.ts';

describe.each([['local'], ['redis']] as const)('%s mode', (mode) => {
  const world = useSandboxWorld({ name: 'retire', redis: mode === 'redis' });
  let ids: number[];
  let app: App | null = null;
  let worker: SyncWorker | null = null;

  const env = (): Record<string, string> => ({
    ...world.storeEnv,
    REPORT_DIR: join(world.dir, 'reports'),
    LEDGER_FILE: join(world.dir, 'ledger', 'ledger.jsonl'),
    JOBS_DIR: join(world.dir, 'jobs'),
    RATE: '1000',
    ...world.redisEnv,
  });

  /**
   * The products of the feed, each by product_id and barcode, at one price; `byBarcode`: listed by
   * their barcode alone (a create row, sent as an update of the product linked to it).
   */
  const feed = async (
    name: string,
    listed: readonly number[],
    options: { price?: number; byBarcode?: (id: number) => boolean; title?: string } = {},
  ): Promise<string> => {
    const file = join(world.dir, name);
    const title = options.title ?? 'Item';
    const rows = listed.map(
      (id) => `${options.byBarcode?.(id) ? '' : id},RB${id},${options.price ?? 10},${title},صنف,1`,
    );
    await writeFile(file, ['product_id,barcode,sale_price,title,title_ar,category', ...rows].join('\n'));
    return file;
  };

  const importJson = async (args: string[]): Promise<{ code: number; summary?: BatchSummary; stderr: string }> => {
    const run = await cli(['import', ...args, '--json'], env());
    return {
      code: run.code,
      stderr: run.stderr,
      ...(run.stdout ? { summary: JSON.parse(run.stdout) as BatchSummary } : {}),
    };
  };

  const statuses = (): Map<number, number> =>
    new Map(world.sandbox.products().map((product) => [product.product_id, product.product_status]));

  beforeEach(async () => {
    ids = Array.from(
      { length: 40 },
      (_, i) => world.sandbox.seedProduct({ title: `P${i}`, sale_price: 5, category: 1 }).product_id,
    );
    if (mode === 'redis') {
      app = createApp(resolveConfig(env()), silentLogger);
      worker = await app.startWorker();
    }
    // The whole feed once: catalog-sync now knows all 40, each by its id and barcode.
    const first = await importJson([await feed('full.csv', ids), '--absent-status', '0']);
    expect(first.code).toBe(0);
    expect(first.summary?.counts.updated).toBe(40);
    expect(first.summary?.counts.status_changed).toBe(0);
  });
  afterEach(async () => {
    // app.close() leaves a worker it started to its caller: left running, its BullMQ timers went
    // on in the test thread, and a later file's fake timers ran its lock renewal for ever.
    await worker?.close();
    worker = null;
    await app?.close();
    app = null;
  });

  it('a feed that drops 3 of 40 sets exactly those 3 to the status, says why, and does not send them again', async () => {
    const dropped = [ids[3]!, ids[17]!, ids[39]!];
    const kept = ids.filter((id) => !dropped.includes(id));
    // Some kept products are listed by their barcode alone: their linked key lists them.
    const file = await feed('drop3.csv', kept, { byBarcode: (id) => id % 4 === 0 });

    // The dry run says it first, sending nothing.
    const dry = await importJson([file, '--absent-status', '0', '--dry-run']);
    expect(dry.summary?.counts.would_change_status).toBe(3);
    // validate's plan says it too, in its summary and its JSON, in English and Arabic.
    const checked = await cli(['validate', file, '--absent-status', '0', '--json'], env());
    expect(checked.code).toBe(0);
    expect((JSON.parse(checked.stdout) as { sheets: { retired?: number }[] }).sheets[0]!.retired).toBe(3);
    expect((await cli(['validate', file, '--absent-status', '0'], env())).stdout).toMatch(
      /change status 0, retire 3 \(known products not in this sheet\)/,
    );
    expect((await cli(['--lang', 'ar', 'validate', file, '--absent-status', '0'], env())).stdout).toContain(
      'إيقاف 3 (منتجات معروفة ليست في هذا الملف)',
    );
    expect((await cli(['validate', file], env())).stdout).not.toMatch(/, retire \d/);
    // Without a store there are no records to count from: said, never a silent nothing.
    const alone = await cli(['validate', file, '--absent-status', '0'], { REPORT_DIR: join(world.dir, 'reports') });
    expect(alone.stderr).toContain('--absent-status: nothing counted to retire');
    expect(alone.stdout).not.toMatch(/, retire \d/);
    expect([...statuses().values()].every((status) => status === 1)).toBe(true);

    world.sandbox.resetStats();
    const run = await importJson([file, '--absent-status', '0']);
    expect(run.code).toBe(0);
    expect(run.summary?.counts.status_changed).toBe(3);
    expect(run.summary?.retired).toBe(3);
    expect(world.sandbox.requestCount('/v1/products_status')).toBe(3);
    const now = statuses();
    expect(dropped.map((id) => now.get(id))).toEqual([0, 0, 0]);
    expect(kept.every((id) => now.get(id) === 1)).toBe(true);
    const results = await readFile(join(run.summary!.reportDir, 'results.csv'), 'utf8');
    for (const id of dropped) expect(results).toContain(`retired: not in this sheet (product_id ${id})`);

    // The same feed again: the records say they are at 0 already, so nothing is sent to them.
    world.sandbox.resetStats();
    const again = await importJson([file, '--absent-status', '0']);
    expect(again.code).toBe(0);
    expect(again.summary?.counts.status_changed).toBe(0);
    expect(again.summary?.retired).toBeUndefined();
    const after = await cli(['validate', file, '--absent-status', '0', '--json'], env());
    expect((JSON.parse(after.stdout) as { sheets: { retired?: number }[] }).sheets[0]!.retired).toBe(0);
    expect(world.sandbox.requestCount('/v1/products_status')).toBe(0);
  });

  it('a job with absent: { status: 2 } retires what its feed drops; one that drops 30 is held by the guard', async () => {
    const job = async (sheet: string): Promise<void> => {
      await mkdir(join(world.dir, 'jobs'), { recursive: true });
      await writeFile(
        join(world.dir, 'jobs', 'nightly.yaml'),
        `name: nightly\nsource: ${sheet}\nschedule: "0 2 * * *"\nmode: full\nabsent:\n  status: 2\n`,
      );
    };
    await job(await feed('job-drop3.csv', ids.slice(3)));
    world.sandbox.resetStats();
    const run = await cli(['schedule', 'run', 'nightly', '--json'], env());
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as BatchSummary).counts.status_changed).toBe(3);
    const now = statuses();
    expect(ids.map((id) => now.get(id))).toEqual(ids.map((_, i) => (i < 3 ? 2 : 1)));

    await job(await feed('job-drop30.csv', ids.slice(0, 10)));
    world.sandbox.resetStats();
    const held = await cli(['schedule', 'run', 'nightly', '--json'], env());
    expect(held.code).toBe(2);
    expect(held.stderr).toContain('job nightly: held by the guard, nothing sent');
    expect(world.sandbox.requestCount('/v1/products_status')).toBe(0);
    expect(world.sandbox.requestCount('/v1/update_product')).toBe(0);
  });

  it('a feed that drops 30 of 40 is held by the guard: nothing is sent', async () => {
    world.sandbox.resetStats();
    const held = await importJson([await feed('drop30.csv', ids.slice(0, 10)), '--absent-status', '0']);
    expect(held.code).toBe(2);
    expect(held.stderr).toContain('held by the guard, nothing sent');
    expect(held.stderr).toContain('changes 30 of the 40 products');
    expect(world.sandbox.requestCount('/v1/products_status')).toBe(0);
    expect(world.sandbox.requestCount('/v1/update_product')).toBe(0);
    expect([...statuses().values()].every((status) => status === 1)).toBe(true);
  });

  it('a damaged sheet retires nothing', async () => {
    const file = join(world.dir, 'damaged.csv');
    const good = ids.slice(0, 20).map((id) => `${id},RB${id},10`);
    // A quote opened and never closed: the file cannot be read whole.
    await writeFile(
      file,
      ['product_id,barcode,sale_price', ...good, `${ids[20]},"RB,10`, `${ids[21]},RB,10`].join('\n'),
    );
    world.sandbox.resetStats();
    const run = await cli(['import', file, '--absent-status', '0', '--confirm'], env());
    expect(run.code).not.toBe(0);
    expect(world.sandbox.requestCount('/v1/products_status')).toBe(0);
    expect([...statuses().values()].every((status) => status === 1)).toBe(true);
  });

  it('a sheet that changes while it is read retires nothing; the rows read before are sent', async () => {
    // Every product, in long rows: the file is read in many pieces, so the change is seen
    // part-way, and the products of the rows never read would be retired if it were not.
    const file = await feed('changing.csv', ids, { price: 11, title: 'Lamp '.repeat(8_000) });
    world.sandbox.resetStats();
    const own = app ?? createApp(resolveConfig(env()), silentLogger);
    let summary: BatchSummary;
    try {
      summary = await own.runBatch(
        { file, absent: { status: 0 } },
        { transport: mode, openSheet: changedAfterFirstRow, waitForWorker: true },
      );
    } finally {
      if (own !== app) await own.close();
    }
    expect(summary.readError).toMatchObject({ code: 'file_changed' });
    expect(summary.counts.updated).toBeGreaterThan(0);
    expect(summary.counts.updated).toBeLessThan(40);
    expect(world.sandbox.requestCount('/v1/products_status')).toBe(0);
    expect([...statuses().values()].every((status) => status === 1)).toBe(true);
  });
});

describe("a job file's absent", () => {
  const parse = (absent: string) =>
    parseJobFile('/srv/jobs/n.yaml', `name: n\nsource: a.csv\nschedule: "0 2 * * *"\n${absent}\n`);

  it('is a status to set, a whole number', () => {
    expect(parse('absent:\n  status: 0').absent).toEqual({ status: 0 });
    expect(parse('absent: { status: 2 }').absent).toEqual({ status: 2 });
    expect(parse('').absent).toBeUndefined();
  });

  it.each([
    [
      'absent: status 0',
      'absent: must say which status products the sheet no longer lists get, e.g. "absent: { status: 0 }"',
    ],
    ['absent: { status: off }', 'absent.status: must be the product_status to set, a whole number such as 0'],
    ['absent: { status: 1.5 }', 'absent.status: must be a whole number such as 0'],
    ['absent: { status: -1 }', 'absent.status: must be 0 or more'],
    ['absent: { status: 0, when: always }', 'absent.when: unknown key (allowed: status)'],
  ])('%s is refused, naming the key', (text, message) => {
    expect(() => parse(text)).toThrow(message);
  });
});
