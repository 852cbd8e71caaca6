/**
 * One record per product: a create key and a product_id linked (by a row naming both, or by
 * `ledger link --from`), after which a row naming only the barcode updates the product; a link
 * that contradicts an earlier one is refused naming both. The pure rules and the batch ledger over a
 * real file ledger; the command through the CLI is in ledger-cli.test.ts.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerRow, LedgerSettings } from '../../src/ledger/batch-ledger.ts';
import { FileLedger } from '../../src/ledger/file-store.ts';
import { ledgerForBatch } from '../../src/ledger/for-batch.ts';
import type { LedgerEntry } from '../../src/ledger/ledger.ts';
import { linkConflictOf, linkedPlan, linkWrites } from '../../src/ledger/links.ts';
import type { RowResult } from '../../src/outcome.ts';
import { useTempDir } from '../helpers/use-world.ts';

const synced = (extra: Partial<LedgerEntry> = {}): LedgerEntry => ({
  fp: 'f',
  st: 'synced',
  batch: 'B1',
  row: 4,
  ...extra,
});

describe('the rules of a link', () => {
  it.each<[string, LedgerEntry | undefined, LedgerEntry | undefined, string | null]>([
    ['neither key known', undefined, undefined, null],
    ['the barcode created, not linked', undefined, synced(), null],
    ['linked to each other already', synced({ ln: ['k:barcode:A'] }), synced({ ln: ['p:7'] }), null],
    ['the barcode linked to another product', undefined, synced({ ln: ['p:8'] }), 'k:barcode:A'],
    ['the product linked to another barcode', synced({ ln: ['k:barcode:Z'] }), undefined, 'p:7'],
  ])('p:7 and k:barcode:A, %s', (_name, own, link, refused) => {
    expect(linkConflictOf('p:7', own, 'k:barcode:A', link)?.key ?? null).toBe(refused);
  });

  it('a create whose key is linked to a product confirmed is an update of it; otherwise it stays a create', () => {
    const create = { kind: 'create' as const, payload: { title: 'Lamp', barcode: 'A' } };
    expect(linkedPlan(create, synced({ ln: ['p:7'] }))).toEqual({
      kind: 'update',
      payload: { title: 'Lamp', barcode: 'A', product_id: 7 },
    });
    expect(linkedPlan(create, synced())).toBe(create);
    expect(linkedPlan(create, synced({ st: 'unknown', ln: ['p:7'] }))).toBe(create);
  });

  it('a link merges both records, the product key standing, under both keys', () => {
    const writes = linkWrites(
      'p:7',
      'k:barcode:A',
      { own: synced({ batch: 'B2', v: { sale_price: 5 } }), link: synced({ v: { title: 'Lamp', sale_price: 3 } }) },
      { batch: 'link:f.csv', row: 2 },
    );
    expect(writes).toEqual({
      writes: [
        ['p:7', { ...synced({ batch: 'B2' }), v: { title: 'Lamp', sale_price: 5 }, ln: ['k:barcode:A'] }],
        ['k:barcode:A', { ...synced({ batch: 'B2' }), v: { title: 'Lamp', sale_price: 5 }, ln: ['p:7'] }],
      ],
    });
  });
});

describe('the batch ledger over a file ledger', () => {
  const tmp = useTempDir('links');
  let ledger: FileLedger;
  const settings: LedgerSettings = { mode: 'full', keyColumn: 'barcode', retryUnknown: false };
  const done = (row: number, outcome: RowResult['outcome']): RowResult => ({
    row,
    outcome,
    message: '',
    httpStatus: 200,
    attempts: 1,
  });
  beforeEach(async () => {
    ledger = await FileLedger.open(join(tmp.dir, 'ledger.jsonl'));
  });
  afterEach(async () => {
    await ledger.close();
  });

  it('a row naming both keys links them; a barcode-only row is then an update, and a contradicting row is refused', async () => {
    const created: LedgerRow = {
      batchId: 'B1',
      row: 2,
      plan: { kind: 'create', payload: { title: 'Lamp', barcode: 'A', sale_price: 10 } },
    };
    const first = ledgerForBatch(settings, ledger);
    expect(await first.before(created)).toEqual({ send: created.plan });
    expect(await first.beforeSend!(created)).toBeNull();
    await first.after(created, done(2, 'created'));

    // An update by product_id that names the barcode: linked, its values over the created ones.
    const byId: LedgerRow = {
      batchId: 'B2',
      row: 3,
      plan: { kind: 'update', payload: { product_id: 7, barcode: 'A', sale_price: 12 } },
    };
    const second = ledgerForBatch(settings, ledger);
    expect(await second.before(byId)).toEqual({ send: byId.plan });
    await second.after(byId, done(3, 'updated'));
    const [p, k] = await ledger.getMany(['p:7', 'k:barcode:A']);
    expect(p).toMatchObject({ ln: ['k:barcode:A'], v: { title: 'Lamp', barcode: 'A', sale_price: 12 } });
    expect(k).toMatchObject({ ln: ['p:7'], v: { title: 'Lamp', barcode: 'A', sale_price: 12 } });
    // One product, counted once.
    expect(await ledger.known()).toBe(1);

    // The barcode alone: sent as an update of product 7.
    const byBarcode: LedgerRow = {
      batchId: 'B3',
      row: 2,
      plan: { kind: 'create', payload: { title: 'Lamp', barcode: 'A', sale_price: 9 } },
    };
    const third = ledgerForBatch(settings, ledger);
    const decided = await third.before(byBarcode);
    expect(decided).toEqual({
      send: { kind: 'update', payload: { title: 'Lamp', barcode: 'A', sale_price: 9, product_id: 7 } },
    });
    await third.after({ ...byBarcode, plan: decided.send! }, done(2, 'updated'));
    expect((await ledger.getMany(['k:barcode:A']))[0]?.v).toMatchObject({ sale_price: 9 });

    // Another product_id naming the same barcode: refused, naming both, nothing overwritten.
    const other: LedgerRow = {
      batchId: 'B4',
      row: 5,
      plan: { kind: 'update', payload: { product_id: 8, barcode: 'A', sale_price: 1 } },
    };
    const refused = await ledgerForBatch(settings, ledger).before(other);
    expect(refused.result).toMatchObject({ outcome: 'invalid', code: 'link_conflict', column: 'barcode' });
    expect(refused.result?.message).toContain('barcode A is already linked to product_id 7');
    expect(await ledger.getMany(['p:8'])).toEqual([undefined]);
  });

  it('a create sent again over an unknown record (retryUnknown) keeps its links, values and undo steps, pending and after', async () => {
    const steps = [{ b: 'B1', was: {}, c: 1 as const }];
    await ledger.setMany([
      ['k:barcode:A', synced({ st: 'unknown', v: { title: 'Lamp' }, ln: ['p:7'], u: steps })],
      ['p:7', synced({ v: { title: 'Lamp' }, ln: ['k:barcode:A'], u: steps })],
    ]);
    const again: LedgerRow = {
      batchId: 'B2',
      row: 2,
      plan: { kind: 'create', payload: { title: 'Lamp 2', barcode: 'A' } },
    };
    const batch = ledgerForBatch({ ...settings, retryUnknown: true }, ledger);
    expect(await batch.before(again)).toEqual({ send: again.plan });
    expect(await batch.beforeSend!(again)).toBeNull();
    expect((await ledger.getMany(['k:barcode:A']))[0]).toMatchObject({
      st: 'pending',
      v: { title: 'Lamp' },
      ln: ['p:7'],
      u: steps,
    });
    await batch.after(again, done(2, 'created'));
    const [k] = await ledger.getMany(['k:barcode:A']);
    expect(k).toMatchObject({ st: 'synced', v: { title: 'Lamp 2', barcode: 'A' }, ln: ['p:7'] });
    expect(k?.u?.map((step) => step.b)).toEqual(['B1', 'B2']);
  });
});
