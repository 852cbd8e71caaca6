/**
 * One contract, both transports: the same sheets give the same store state and the same report,
 * and every row ends in exactly one outcome whatever the store throws at us.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { describeOnEachTransport } from './helpers/transports.ts';
import type { World } from './helpers/world.ts';

async function resultLines(summary: BatchSummary): Promise<string[][]> {
  const csv = await readFile(join(summary.reportDir, 'results.csv'), 'utf8');
  return csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(','));
}

function expectOneOutcomePerRow(summary: BatchSummary, rows: number): void {
  expect(summary.total).toBe(rows);
  expect(Object.values(summary.counts).reduce((a, b) => a + b, 0)).toBe(rows);
}

function barcodesOnce(world: World): void {
  const barcodes = world.sandbox
    .products()
    .map((p) => p.fields.barcode)
    .filter((b) => b !== undefined);
  expect(new Set(barcodes).size).toBe(barcodes.length);
}

const creates = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `,Item ${from + i},صنف ${from + i},2,${10 + i},BC${from + i},`);
const HEADER = 'product_id,title,title_ar,category,sale_price,barcode,product_status';

describeOnEachTransport('%s transport', (current) => {
  it('syncs a mixed product sheet and a brand sheet to the expected store state and report', async () => {
    const { world, transport } = current;
    const a = world.sandbox.seedProduct({ title: 'Old A', sale_price: 1, category: 1 }, 1);
    const b = world.sandbox.seedProduct({ title: 'Old B', sale_price: 2, category: 1 }, 1);
    const c = world.sandbox.seedProduct({ title: 'Old C', sale_price: 3, category: 1 }, 0);
    const products = await world.sheet('mixed.csv', [
      HEADER,
      ',Tea,شاي,1,5,111,', // 2 create
      `${a.product_id},New A,,,7.5,,`, // 3 update
      `${b.product_id},,,,,,0`, // 4 status change
      `${c.product_id},,,,,,0`, // 5 same status
      `${b.product_id}9,,,,,,1`, // 6 unknown product
      ',No price,,1,,222,', // 7 invalid (sale_price required)
      ',=cmd(),,1,abc,333,', // 8 invalid number
    ]);
    const summary = await transport.run(world, { file: products, source: 'contract' });
    expectOneOutcomePerRow(summary, 7);
    expect(summary.counts).toMatchObject({
      created: 1,
      updated: 1,
      status_changed: 1,
      unchanged: 1,
      failed: 1,
      invalid: 2,
    });
    const lines = await resultLines(summary);
    expect(lines.map((l) => [l[7], l[8]])).toEqual([
      ['2', 'created'],
      ['3', 'updated'],
      ['4', 'status_changed'],
      ['5', 'unchanged'],
      ['6', 'failed'],
      ['7', 'invalid'],
      ['8', 'invalid'],
    ]);
    expect(lines[3]![9]).toBe('Same product status');
    expect(lines[4]![9]).toBe('Product not found');
    expect(lines[4]![10]).toBe('400');
    expect(world.sandbox.products().find((p) => p.fields.barcode === '111')?.fields).toMatchObject({
      title: 'Tea',
      title_ar: 'شاي',
      sale_price: 5,
    });
    expect(world.sandbox.product(a.product_id)?.fields).toMatchObject({ title: 'New A', sale_price: 7.5 });
    expect(world.sandbox.product(b.product_id)?.product_status).toBe(0);
    const failed = await readFile(join(summary.reportDir, 'failed.csv'), 'utf8');
    expect(
      failed
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .map((l) => l.split(',').slice(7, 9)),
    ).toEqual([
      ['row', 'outcome'],
      ['6', 'failed'],
      ['7', 'invalid'],
      ['8', 'invalid'],
    ]);
    expect(failed).toContain("'=cmd()");

    const brands = await world.sheet('brands.csv', ['brand_id,brand_name,brand_name_ar', '1,Acme,أكمي', '99,Nope,لا']);
    const brandSummary = await transport.run(world, { file: brands });
    expect(brandSummary.kind).toBe('brands');
    expect(brandSummary.counts).toMatchObject({ updated: 1, failed: 1 });
    expect(world.sandbox.brands().find((x) => x.brand_id === 1)).toMatchObject({
      brand_name: 'Acme',
      brand_name_ar: 'أكمي',
    });
  });

  it('survives 429 storms, 5xx bursts, resets and token expiry with one outcome per row and no duplicate creates', async () => {
    const { world, transport } = current;
    const seeded = Array.from({ length: 6 }, (_, i) =>
      world.sandbox.seedProduct({ title: `S${i}`, sale_price: 1, category: 1 }, 1),
    );
    const file = await world.sheet('faults.csv', [
      HEADER,
      ...creates(24),
      ...seeded.map((p, i) => `${p.product_id},Upd ${i},,,,,`),
    ]);
    world.sandbox.inject({ kind: 'status429', times: 4, retryAfterSeconds: 1 });
    world.sandbox.inject({ kind: 'status503', path: '/v1/update_product', times: 3 });
    world.sandbox.inject({ kind: 'status500AfterApply', path: '/v1/update_product', times: 1 });
    world.sandbox.inject({ kind: 'resetAfterApply', path: '/v1/create_product', times: 1 });
    world.sandbox.inject({ kind: 'resetBeforeApply', path: '/v1/create_product', times: 1 });
    world.sandbox.inject({ kind: 'status500', path: '/v1/create_product', times: 1 });
    world.sandbox.inject({ kind: 'expireToken', times: 1 });
    const summary = await transport.run(world, { file });
    expectOneOutcomePerRow(summary, 30);
    barcodesOnce(world);
    expect(summary.counts.updated).toBe(6);
    // The three creates hit by an ambiguous fault are unknown and never re-sent; the rest exist.
    expect(summary.counts.unknown).toBe(3);
    expect(summary.counts.created).toBe(21);
    const createdBarcodes = world.sandbox.products().filter((p) => String(p.fields.barcode).startsWith('BC')).length;
    expect(createdBarcodes).toBeGreaterThanOrEqual(21);
    expect(createdBarcodes).toBeLessThanOrEqual(22); // + the create applied before its reset
  });
});
