import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RowPlan } from '../../src/sheet/types.ts';
import type { LedgerSettings } from '../../src/ledger/batch-ledger.ts';
import type { RowResult } from '../../src/outcome.ts';
import type { LedgerEntry } from '../../src/ledger/ledger.ts';
import { canonicalJson, fingerprintOf, rowDigestOf } from '../../src/ledger/fingerprint.ts';
import { decideBefore, entryAfter, interruptedCreate, ledgerKeyOf, lostClaim } from '../../src/ledger/rules.ts';
import { createSheetMapper } from '../../src/sheet/map/mapper.ts';
import { DuplicateTracker } from '../../src/sheet/map/sheet-checks.ts';

const create: RowPlan = { kind: 'create', payload: { title: 'Tea', barcode: '6281', sale_price: 5 } };
const createNoKey: RowPlan = { kind: 'create', payload: { title: 'Tea' } };
const update: RowPlan = { kind: 'update', payload: { product_id: 7, title: 'Tea' }, status: 1 };
const status: RowPlan = { kind: 'status', payload: { product_id: 7, product_status: 0 } };
const brand: RowPlan = { kind: 'brand', payload: { brand_id: 3, brand_name: 'B', brand_name_ar: 'ب' } };
const skip: RowPlan = { kind: 'skip', reason: 'empty' };

const delta: LedgerSettings = { mode: 'delta', keyColumn: 'barcode', retryUnknown: false };
const full: LedgerSettings = { ...delta, mode: 'full' };

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
    expect(fingerprintOf({ kind: 'create', payload: { ...create.payload, sale_price: 6 } })).not.toBe(
      fingerprintOf(create),
    );
    expect(fingerprintOf({ ...update, status: 0 })).not.toBe(fingerprintOf(update));
  });

  it('canonical JSON sorts keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('is the same value as in earlier versions, so existing ledgers keep matching', () => {
    const plan: RowPlan = {
      kind: 'update',
      payload: { product_id: 7, title: 'شاي', prices: { '10': 5.5, '2': 3 }, product_option: { '1': { title: 'x' } } },
      status: 1,
    };
    expect(fingerprintOf(plan)).toBe('Hv_KSdwqg6yLRha58tB00L');
  });

  it('canonical JSON matches the plain definition (sorted entries, undefined dropped) for any value', () => {
    const reference = (value: unknown): string => {
      if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
      if (value !== null && typeof value === 'object') {
        const entries = Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
        return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
      }
      return JSON.stringify(value) ?? 'null';
    };
    const withUndefined = fc.dictionary(fc.string(), fc.option(fc.jsonValue(), { nil: undefined }));
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), withUndefined, fc.array(withUndefined)), (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
      }),
      { numRuns: 500 },
    );
  });
});

describe('decideBefore', () => {
  const cases: [string, RowPlan, LedgerEntry | undefined, LedgerSettings, string | null][] = [
    ['new create is sent', create, undefined, delta, null],
    [
      'created key, same row again (delta): unchanged, not created again',
      create,
      entry(create),
      delta,
      'skipped:unchanged_since_last_sync',
    ],
    [
      'created key, changed row (delta): not created again, told to add product_id',
      { kind: 'create', payload: { ...create.payload, sale_price: 9 } },
      entry(create),
      delta,
      'skipped:already_created',
    ],
    ['created key is never created again (full)', create, entry(create), full, 'skipped:already_created'],
    [
      'created key, changed payload: still not created',
      { kind: 'create', payload: { ...create.payload, sale_price: 9 } },
      entry(create),
      full,
      'skipped:already_created',
    ],
    ['unknown create is skipped', create, entry(create, 'unknown'), delta, 'skipped:unknown_create'],
    [
      'unknown create is sent with retryUnknown',
      create,
      entry(create, 'unknown'),
      { ...delta, retryUnknown: true },
      null,
    ],
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

  it("a create pending from this batch's earlier attempt is never re-sent by it, even with retryUnknown", () => {
    const pending: LedgerEntry = { fp: fingerprintOf(create), st: 'pending', batch: 'b1', row: 4 };
    const retry = { ...delta, retryUnknown: true };
    expect(decideBefore(create, 4, 'k:barcode:6281', pending, delta, 'b1')?.code).toBe('interrupted_create');
    expect(decideBefore(create, 4, 'k:barcode:6281', pending, retry, 'b1')?.code).toBe('interrupted_create');
    // Another batch's: an earlier sync that stopped; --retry-unknown sends it again.
    expect(decideBefore(create, 9, 'k:barcode:6281', pending, delta, 'b2')?.code).toBe('interrupted_create');
    expect(decideBefore(create, 9, 'k:barcode:6281', pending, retry, 'b2')).toBeNull();
  });

  it('says in words what to do with a create cut off (no command), calls one of its own batch its own, and an unknown one too', () => {
    const pending: LedgerEntry = { fp: fingerprintOf(create), st: 'pending', batch: 'b1', row: 4 };
    const own = decideBefore(create, 4, 'k:barcode:6281', pending, delta, 'b1')!.message;
    expect(own).toContain("this batch's create of this row (barcode 6281) was cut off");
    expect(own).toContain('if it is not, ask whoever runs the console to create it again');
    expect(own).not.toContain('catalog-sync');
    expect(own).not.toMatch(/earlier (run|attempt)/);
    const other = decideBefore(create, 9, 'k:barcode:6281', pending, delta, 'b2')!.message;
    expect(other).toContain('by batch b1, row 4, was cut off');
    expect(other).toContain('Check the store: if it is there, add its product_id to this row to update it');
    expect(other).not.toContain('catalog-sync');
    expect(interruptedCreate(3, 'b7').message).toContain("this batch's create of this row was cut off");
    const unknown = decideBefore(create, 9, 'k:barcode:6281', entry(create, 'unknown'), full, 'b2')!.message;
    expect(unknown).toContain('batch b1, row 4');
    expect(unknown).not.toContain('catalog-sync');
  });

  it.each<[string, RowPlan, string]>([
    ['create', create, 'created'],
    ['update', update, 'updated'],
    ['status', status, 'status_changed'],
    ['brand', brand, 'updated'],
  ])('a %s this batch confirmed before it resumed keeps its outcome, in any mode', (_name, plan, outcome) => {
    const key = ledgerKeyOf(plan, 'barcode');
    const mine: LedgerEntry = { fp: fingerprintOf(plan), st: 'synced', batch: 'b1', row: 4 };
    for (const settings of [delta, full]) {
      const decision = decideBefore(plan, 4, key, mine, settings, 'b1');
      expect(decision).toMatchObject({ row: 4, outcome, code: 'confirmed_before_restart', attempts: 0 });
    }
    // Another row of the batch, or another batch: the usual rules.
    expect(decideBefore(plan, 5, key, mine, full, 'b1')?.code).not.toBe('confirmed_before_restart');
    expect(decideBefore(plan, 4, key, mine, full, 'b2')?.code).not.toBe('confirmed_before_restart');
  });

  it('tells the user how to update an already created product', () => {
    const decision = decideBefore(create, 9, 'k:barcode:6281', entry(create), full);
    expect(decision?.message).toContain('product_id');
    expect(decision?.message).toContain('barcode 6281');
    expect(decision?.message).toContain('batch b1, row 4');
  });

  it("compares the row's digest first: equal cells are unchanged without the payload check; other cells fall back to the payload", () => {
    const signed: LedgerSettings = { ...delta, rowSignature: 'sig' };
    const stored: LedgerEntry = { ...entry(update), rt: rowDigestOf('sig', ['7', 'Tea']) };
    // The stored fingerprint no longer matches, yet equal cells prove the row unchanged.
    const stale: LedgerEntry = { ...stored, fp: 'not-the-fingerprint' };
    expect(decideBefore(update, 9, 'p:7', stale, signed, 'b2', ['7', 'Tea'])?.code).toBe('unchanged_since_last_sync');
    // Text differs (e.g. a trailing space the mapper trims): the payload decides, and it is unchanged.
    expect(decideBefore(update, 9, 'p:7', stored, signed, 'b2', ['7', 'Tea '])?.code).toBe('unchanged_since_last_sync');
    expect(decideBefore(update, 9, 'p:7', stale, signed, 'b2', ['7', 'Tea '])).toBeNull();
    // Another signature (columns remapped) never matches by digest.
    expect(decideBefore(update, 9, 'p:7', stale, { ...signed, rowSignature: 'sig2' }, 'b2', ['7', 'Tea'])).toBeNull();
  });

  it.each([
    [['7', 'Tea'], true],
    [['7', 'Te'], false],
    [['7', 'Tea', ''], false],
    [['7\u001fTea'], false],
    [['', '7', 'Tea'], false],
    [[], false],
  ])('the row digest matches exactly the cells it was made of: %j -> %s', (cells, expected) => {
    expect(rowDigestOf('sig', ['7', 'Tea']) === rowDigestOf('sig', cells)).toBe(expected);
  });

  it('row digests of different cells never match, whatever the cells hold', () => {
    const cellsArb = fc.array(fc.string({ unit: fc.constantFrom('a', '1', ':', '\u001e', '\u001f', 'ب', '0') }), {
      maxLength: 4,
    });
    fc.assert(
      fc.property(cellsArb, cellsArb, (a, b) => {
        expect(rowDigestOf('s', a) === rowDigestOf('s', b)).toBe(JSON.stringify(a) === JSON.stringify(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('records the row text with confirmed entries when given', () => {
    expect(entryAfter(update, 'p:7', result('updated'), 'b2', 2, 'text')).toEqual({
      fp: fingerprintOf(update),
      st: 'synced',
      batch: 'b2',
      row: 2,
      rt: 'text',
    });
  });

  it('says in words how to settle an unknown create: no flag, no command', () => {
    const message = decideBefore(create, 9, 'k:barcode:6281', entry(create, 'unknown'), delta)?.message;
    expect(message).toContain('"Check with the store"');
    expect(message).toContain('barcode 6281');
    expect(message).not.toMatch(/--|catalog-sync/);
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

/**
 * One rule per "never create twice" situation, each row naming where the answer comes from: the
 * same key twice in a sheet (a), a key seen created (b), a create in flight (c), an earlier
 * unknown create (d).
 */
describe('never create twice: one rule per situation', () => {
  const titled = (title: string): RowPlan => ({ kind: 'create', payload: { title, sale_price: 5 } });
  const pendingOther: LedgerEntry = { fp: fingerprintOf(create), st: 'pending', batch: 'b2', row: 3 };
  const pendingOwn: LedgerEntry = { ...pendingOther, batch: 'b1' };
  const key = 'k:barcode:6281';
  const cases: [string, () => RowResult | { outcome: 'invalid'; code: string } | null, string | null][] = [
    [
      '(a) second row of a sheet with the default key column',
      () => sheetTwice(['Tea', '5', '1', '6281'], 'barcode'),
      'invalid:duplicate_barcode',
    ],
    [
      '(a) second row of a sheet with another key column (title)',
      () => sheetTwice(['Tea', '5', '1', ''], 'title'),
      'invalid:duplicate_title',
    ],
    [
      '(b) key created before (full)',
      () => decideBefore(create, 9, key, entry(create), full, 'b1'),
      'skipped:already_created',
    ],
    [
      '(b) key created before, row unchanged (delta)',
      () => decideBefore(create, 9, key, entry(create), delta, 'b1'),
      'skipped:unchanged_since_last_sync',
    ],
    [
      '(b) key created before, even with retryUnknown',
      () => decideBefore(create, 9, key, entry(create), { ...full, retryUnknown: true }, 'b1'),
      'skipped:already_created',
    ],
    [
      '(c) another sync holds the claim right now',
      () => lostClaim(create, 9, key, pendingOther, { ...full, retryUnknown: true }, 'b1'),
      'unknown:create_in_progress',
    ],
    [
      '(c) an earlier sync stopped mid-create',
      () => decideBefore(create, 9, key, pendingOther, full, 'b1'),
      'unknown:interrupted_create',
    ],
    [
      '(c) this batch stopped mid-create (ledger entry)',
      () => decideBefore(create, 3, key, pendingOwn, { ...full, retryUnknown: true }, 'b1'),
      'unknown:interrupted_create',
    ],
    [
      '(c) this batch stopped mid-create (no key: the batch marker)',
      () => interruptedCreate(3, 'b1'),
      'unknown:interrupted_create',
    ],
    [
      '(d) earlier unknown create',
      () => decideBefore(create, 9, key, entry(create, 'unknown'), full, 'b1'),
      'skipped:unknown_create',
    ],
    [
      '(d) earlier unknown create with retryUnknown',
      () => decideBefore(create, 9, key, entry(create, 'unknown'), { ...full, retryUnknown: true }, 'b1'),
      null,
    ],
  ];
  it.each(cases)('%s', (_name, decide, expected) => {
    const decision = decide();
    expect(decision === null ? null : `${decision.outcome}:${decision.code}`).toBe(expected);
  });

  /** One sheet (title, sale_price, category, barcode) mapped as a sync maps it, the same cells on rows 2 and 5. */
  function sheetTwice(cells: string[], keyColumn: string): { outcome: 'invalid'; code: string } | null {
    const mapper = createSheetMapper(['title', 'sale_price', 'category', 'barcode'], { keyColumn });
    expect(mapper.mapRow({ row: 2, values: cells }).plan?.kind).toBe('create');
    const later = mapper.mapRow({ row: 5, values: cells });
    const issue = later.issues.find((i) => i.severity === 'error');
    if (later.plan !== null || issue === undefined) return null;
    expect(issue.message).toContain('already on row 2');
    expect(issue.column).toBe(keyColumn);
    return { outcome: 'invalid', code: issue.code };
  }

  it("the create key check ignores updates, rows without a key value, and the barcode (the mapper's barcode check has it)", () => {
    const keys = new DuplicateTracker('title');
    expect(keys.checkCreateKey(update, 2)).toBeNull();
    expect(keys.checkCreateKey(update, 3)).toBeNull();
    expect(keys.checkCreateKey({ kind: 'create', payload: { barcode: '1' } }, 4)).toBeNull();
    expect(keys.checkCreateKey({ kind: 'create', payload: { barcode: '1' } }, 5)).toBeNull();
    // The key is the trimmed value, as the ledger keys it.
    expect(keys.checkCreateKey(titled(' Tea '), 6)).toBeNull();
    expect(keys.checkCreateKey(titled('Tea'), 7)?.message).toContain('row 6');
    const barcodes = new DuplicateTracker('barcode');
    expect(barcodes.checkCreateKey(create, 8)).toBeNull();
    expect(barcodes.checkCreateKey(create, 9)).toBeNull();
  });
});
