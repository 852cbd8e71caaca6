import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRerunRequest, isRerunOutcome, resolveRerunTarget, RerunError } from '../../src/intake/rerun.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import type { SyncRequest } from '../../src/sync/types.ts';
import { useWorld } from '../helpers/use-world.ts';
import { startWorld, writeSheet } from './helpers.ts';

const world = useWorld(() => startWorld({ noRetries: true, concurrency: 1 }));
const NO_UNKNOWN = { includeUnknown: false, resendUnknownCreates: false, keyColumn: 'barcode' };
const DELTA = { mode: 'delta', keyColumn: 'barcode', retryUnknown: false } as const;

/** The local engine on the world's file ledger: a sheet's path is synced as a delta on barcode. */
async function localSync(): Promise<(request: SyncRequest | string) => Promise<BatchSummary>> {
  const run = world.runner(await world.openLedger());
  return (request) =>
    run(typeof request === 'string' ? { file: request, ledger: DELTA } : request, new AbortController().signal);
}

/** The lines of a batch's results.csv, its header first. */
async function resultLines(summary: BatchSummary): Promise<string[]> {
  const text = await readFile(join(summary.reportDir, 'results.csv'), 'utf8');
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
}

describe('isRerunOutcome', () => {
  it.each([
    ['failed', false, true],
    ['unknown', false, false],
    ['unknown', true, true],
    ['invalid', true, false],
    ['created', true, false],
    ['skipped', true, false],
  ] as const)('%s (include unknown: %s) -> %s', (outcome, includeUnknown, expected) => {
    expect(isRerunOutcome(outcome, includeUnknown)).toBe(expected);
  });
});

describe('rerun', () => {
  it('re-runs exactly the failed rows, keeping their row numbers, as a batch naming the one it re-runs', async () => {
    const ids = Array.from(
      { length: 6 },
      (_, i) => world.sandbox.seedProduct({ title: `P${i}`, sale_price: 1, category: 1 }).product_id,
    );
    const sheet = await world.sheet('prices.csv', [
      'product_id,sale_price',
      ...ids.map((id, i) => `${id},${20 + i}`),
      'not-a-number,5',
    ]);
    const sync = await localSync();
    // Rows are sent in order (concurrency 1, no retries): the first update (row 2) meets a 503.
    world.sandbox.inject({ kind: 'status503', path: '/v1/update_product', times: 1 });
    const first = await sync(sheet);
    expect(first.counts.failed).toBe(1);
    expect(first.counts.invalid).toBe(1);
    expect(first.counts.updated).toBe(5);
    const failedProduct = world.sandbox.product(ids[0]!);
    expect(failedProduct?.fields.sale_price).toBe(1);

    world.sandbox.resetStats();
    const target = await resolveRerunTarget(first.batchId, world.reportDir);
    const plan = await buildRerunRequest(target, NO_UNKNOWN);
    expect([...(plan.request?.onlyRows ?? [])]).toEqual([2]);
    const second = await sync(plan.request!);
    expect(second.rerunOf).toBe(first.batchId);
    expect(second.total).toBe(1);
    expect(second.counts.updated).toBe(1);
    expect(world.sandbox.requestCount('/v1/update_product')).toBe(1);
    expect(world.sandbox.product(ids[0]!)?.fields.sale_price).toBe(20);
    const lines = await resultLines(second);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${ids[0]},20,2,updated,`));
    const summary = JSON.parse(await readFile(join(second.reportDir, 'summary.json'), 'utf8')) as { rerunOf?: string };
    expect(summary.rerunOf).toBe(first.batchId);

    // Nothing failed any more: a further re-run has nothing to do.
    await expect(
      buildRerunRequest(await resolveRerunTarget(second.reportDir, world.reportDir), NO_UNKNOWN),
    ).rejects.toThrow(RerunError);
  });

  it('never sends an unknown create without --resend-unknown-creates, which turns the ledger check off', async () => {
    const sheet = await world.sheet('new.csv', ['title,sale_price,category,barcode', 'A,1,1,u1', 'B,1,1,u2']);
    const sync = await localSync();
    world.sandbox.inject({ kind: 'status500', path: '/v1/create_product', times: 1 });
    const first = await sync(sheet);
    expect(first.counts.unknown).toBe(1);
    expect(first.counts.created).toBe(1);

    // The failed.csv named on its own is synced whole; the ledger holds the unknown create back.
    world.sandbox.resetStats();
    const alone = await resolveRerunTarget(join(first.reportDir, 'failed.csv'), world.reportDir);
    for (const target of [alone, { ...alone, resultsCsv: null }]) {
      const whole = await buildRerunRequest(target, NO_UNKNOWN);
      expect(whole.request?.onlyRows).toBeUndefined();
      const held = await sync(whole.request!);
      expect(held.counts.skipped).toBe(1);
      const results = await readFile(join(held.reportDir, 'results.csv'), 'utf8');
      expect(results).toContain('an earlier create of this product had an unknown outcome');
    }
    expect(world.sandbox.requestCount('/v1/create_product')).toBe(0);

    const target = await resolveRerunTarget(first.batchId, world.reportDir);
    await expect(buildRerunRequest(target, NO_UNKNOWN)).rejects.toThrow(/--include-unknown/);
    // Selecting the unknown row lists it and sends nothing; the ledger stays on.
    expect(await buildRerunRequest(target, { ...NO_UNKNOWN, includeUnknown: true })).toEqual({
      request: null,
      heldUnknownRows: [2],
      mayDuplicate: 0,
      invalidRows: [],
    });
    const plan = await buildRerunRequest(target, { ...NO_UNKNOWN, resendUnknownCreates: true });
    expect(plan.mayDuplicate).toBe(1);
    expect(plan.request?.ledger?.retryUnknown).toBe(true);
    const second = await sync(plan.request!);
    expect(second.counts.created).toBe(1);
    expect(
      world.sandbox
        .products()
        .map((p) => p.fields.barcode)
        .sort(),
    ).toEqual(['u1', 'u2']);
  });
});

describe('an edited failed.csv synced as a normal sheet', () => {
  it('ignores the report columns and keeps the first row numbers', async () => {
    const sheet = await world.sheet('bad-cat.csv', ['title,sale_price,category,barcode', 'A,1,1,e1', 'B,1,99,e2']);
    const sync = await localSync();
    const first = await sync(sheet);
    expect(first.counts.failed).toBe(1); // Category not found
    const failedCsv = await readFile(join(first.reportDir, 'failed.csv'), 'utf8');
    const edited = await writeSheet(join(world.dir, 'edited.csv'), failedCsv.replace(',99,', ',2,'));
    const second = await sync(edited);
    expect(second.counts.created).toBe(1);
    const results = await resultLines(second);
    expect(results[1]).toMatch(/^B,1,2,e2,3,created,/);
  });
});
