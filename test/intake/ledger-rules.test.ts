import { describe, expect, it } from 'vitest';
import type { RowPlan } from '../../src/sheet/types.ts';
import type { GuardSettings } from '../../src/sync/guard.ts';
import type { RowResult } from '../../src/sync/outcome.ts';
import type { LedgerEntry } from '../../src/intake/ledger.ts';
import {
  canonicalJson,
  decideBefore,
  entryAfter,
  fingerprintOf,
  ledgerKeyOf,
  ledgerScope,
} from '../../src/intake/ledger-rules.ts';

const create: RowPlan = { kind: 'create', payload: { title: 'Tea', barcode: '6281', sale_price: 5 } };
const createNoKey: RowPlan = { kind: 'create', payload: { title: 'Tea' } };
const update: RowPlan = { kind: 'update', payload: { product_id: 7, title: 'Tea' }, status: 1 };
const status: RowPlan = { kind: 'status', payload: { product_id: 7, product_status: 0 } };
const brand: RowPlan = { kind: 'brand', payload: { brand_id: 3, brand_name: 'B', brand_name_ar: 'ب' } };
const skip: RowPlan = { kind: 'skip', reason: 'empty' };

const delta: GuardSettings = { mode: 'delta', keyColumn: 'barcode', retryUnknown: false };
const full: GuardSettings = { ...delta, mode: 'full' };

function entry(plan: RowPlan, st: LedgerEntry['st'] = 'synced'): LedgerEntry {
  return { fp: fingerprintOf(plan), st, batch: 'b1', row: 4 };
}

function result(outcome: RowResult['outcome']): RowResult {
  return { row: 2, outcome, message: '', httpStatus: 200, attempts: 1 };
}

describe('ledgerKeyOf', () => {
  it.each([
    [create, 'barcode', 'k:barcode:6281'],
    [create, 'title', 'k:title:Tea'],
    [createNoKey, 'barcode', null],
    [update, 'barcode', 'p:7'],
    [status, 'barcode', 'p:7'],
    [brand, 'barcode', 'b:3'],
    [skip, 'barcode', null],
  ] as const)('%o with key column %s -> %s', (plan, column, key) => {
    expect(ledgerKeyOf(plan, column)).toBe(key);
  });
});

describe('fingerprintOf', () => {
  it('does not depend on key order and changes with the payload or planned status', () => {
    const reordered: RowPlan = { kind: 'create', payload: { sale_price: 5, barcode: '6281', title: 'Tea' } };
    expect(fingerprintOf(reordered)).toBe(fingerprintOf(create));
    expect(fingerprintOf({ kind: 'create', payload: { ...create.payload, sale_price: 6 } })).not.toBe(fingerprintOf(create));
    expect(fingerprintOf({ ...update, status: 0 })).not.toBe(fingerprintOf(update));
  });

  it('canonical JSON sorts keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}');
  });
});

describe('decideBefore', () => {
  const cases: [string, RowPlan, LedgerEntry | undefined, GuardSettings, string | null][] = [
    ['new create is sent', create, undefined, delta, null],
    ['created key is never created again (delta)', create, entry(create), delta, 'skipped:already_created'],
    ['created key is never created again (full)', create, entry(create), full, 'skipped:already_created'],
    ['created key, changed payload: still not created', { kind: 'create', payload: { ...create.payload, sale_price: 9 } }, entry(create), full, 'skipped:already_created'],
    ['unknown create is skipped', create, entry(create, 'unknown'), delta, 'skipped:unknown_create'],
    ['unknown create is sent with retryUnknown', create, entry(create, 'unknown'), { ...delta, retryUnknown: true }, null],
    ['interrupted create reads as unknown', create, entry(create, 'pending'), full, 'unknown:interrupted_create'],
    ['unchanged update skipped in delta', update, entry(update), delta, 'skipped:unchanged_since_last_sync'],
    ['unchanged update sent in full', update, entry(update), full, null],
    ['changed update sent in delta', update, entry({ ...update, status: 0 }), delta, null],
    ['unchanged status skipped in delta', status, entry(status), delta, 'skipped:unchanged_since_last_sync'],
    ['unchanged brand skipped in delta', brand, entry(brand), delta, 'skipped:unchanged_since_last_sync'],
    ['create without key is sent', createNoKey, undefined, delta, null],
  ];
  it.each(cases)('%s', (_name, plan, stored, settings, expected) => {
    const key = ledgerKeyOf(plan, settings.keyColumn);
    const decision = decideBefore(plan, 9, key, stored, settings);
    expect(decision === null ? null : `${decision.outcome}:${decision.code}`).toBe(expected);
    if (decision) expect(decision.row).toBe(9);
  });

  it('a create pending for another row of the same batch is a duplicate; for the same row an interrupted create', () => {
    const pending: LedgerEntry = { fp: fingerprintOf(create), st: 'pending', batch: 'b1', row: 4 };
    expect(decideBefore(create, 9, 'k:barcode:6281', pending, delta, 'b1')?.code).toBe('duplicate_key_in_batch');
    expect(decideBefore(create, 4, 'k:barcode:6281', pending, delta, 'b1')?.code).toBe('interrupted_create');
    expect(decideBefore(create, 9, 'k:barcode:6281', pending, delta, 'b2')?.code).toBe('interrupted_create');
  });

  it('tells the user how to update an already created product', () => {
    const decision = decideBefore(create, 9, 'k:barcode:6281', entry(create), delta);
    expect(decision?.message).toContain('product_id');
    expect(decision?.message).toContain('barcode 6281');
    expect(decision?.message).toContain('batch b1, row 4');
  });

  it('names --retry-unknown for unknown creates', () => {
    expect(decideBefore(create, 9, 'k:barcode:6281', entry(create, 'unknown'), delta)?.message).toContain('--retry-unknown');
  });
});

describe('entryAfter', () => {
  it.each([
    ['created', create, 'synced'],
    ['updated', update, 'synced'],
    ['status_changed', status, 'synced'],
    ['unchanged', status, 'synced'],
    ['unknown', create, 'unknown'],
    ['unknown', update, null],
    ['failed', create, null],
    ['failed', update, null],
    ['skipped', create, null],
  ] as const)('%s %o -> %s', (outcome, plan, st) => {
    const written = entryAfter(plan, ledgerKeyOf(plan), result(outcome), 'b2', 2);
    expect(written?.st ?? null).toBe(st);
    if (written) expect(written).toEqual({ fp: fingerprintOf(plan), st, batch: 'b2', row: 2 });
  });

  it('records nothing for rows without a key', () => {
    expect(entryAfter(createNoKey, null, result('created'), 'b2', 2)).toBeNull();
  });
});

describe('ledgerScope', () => {
  it('is per store and account, case-insensitive in the e-mail, and does not show the e-mail', () => {
    const a = ledgerScope('https://shop.example/', 'Vendor@x.test');
    expect(a).toBe(ledgerScope('https://shop.example', 'vendor@x.test'));
    expect(a).not.toBe(ledgerScope('https://other.example', 'vendor@x.test'));
    expect(a).not.toContain('vendor');
  });
});
