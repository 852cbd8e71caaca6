/**
 * An undo's plan as the console's operator reads it (console/undo-view.ts) and as the CLI prints it
 * (sync/undo/preview.ts), English and Arabic: a create the undo hides is said in words when its
 * sheet had no status column, with the column and number as the sheet named them when it had one;
 * a status the sheet had no column for is named in words; the CLI keeps `product_status N`.
 */
import { describe, expect, it } from 'vitest';
import { undoPlanView } from '../../src/console/undo-view.ts';
import { ref } from '../../src/messages/index.ts';
import type { UndoPlan } from '../../src/sync/undo/plan.ts';
import { undoPreviewLines } from '../../src/sync/undo/preview.ts';

const created: UndoPlan = {
  batch: 'B1',
  send: [
    {
      productId: 7,
      values: {},
      status: 0,
      now: { product_status: 1 },
      notKnown: [],
      note: ref('undo.created_hidden', { status: 0 }),
      changedSince: [],
    },
  ],
  left: [],
};

describe("an undo's plan in the operator's words", () => {
  it('says a create without a status column is hidden, in words, with no status number', () => {
    const en = undoPlanView(created, 'en', { title: 'Name', sale_price: 'Price' });
    expect(en.send).toEqual([
      { productId: 7, changes: '', note: 'created by the batch: hidden in the store', changedSince: [] },
    ]);
    const ar = undoPlanView(created, 'ar', { title: 'الاسم' });
    expect(ar.send[0]).toMatchObject({ changes: '', note: 'أنشأته الدفعة: يُخفى في المتجر' });
    for (const view of [en, ar]) expect(JSON.stringify(view)).not.toMatch(/product_status|product_id|\b0\b/);
  });

  it('names the status column and number as the sheet did, when it had one', () => {
    const ar = undoPlanView(created, 'ar', { product_status: 'الحالة' });
    expect(ar.send[0]).toMatchObject({ changes: 'الحالة 1 → 0', note: 'أنشأته الدفعة: يُخفى في المتجر (الحالة 0)' });
    const en = undoPlanView(created, 'en', { product_status: 'Status' });
    expect(en.send[0]).toMatchObject({
      changes: 'Status 1 → 0',
      note: 'created by the batch: hidden in the store (Status 0)',
    });
  });

  it('names a field the sheet had no column for in words (a status the console set)', () => {
    const retired: UndoPlan = {
      batch: 'B2',
      send: [
        {
          productId: 8,
          values: { sale_price: 10 },
          status: 1,
          now: { sale_price: 12, product_status: 0 },
          notKnown: [],
          changedSince: [],
        },
      ],
      left: [
        {
          key: 'p:9',
          productId: 9,
          code: 'nothing_known',
          reason: ref('undo.nothing_known', { fields: 'product_status' }),
        },
      ],
    };
    const en = undoPlanView(retired, 'en', { sale_price: 'Price' });
    expect(en.send[0]!.changes).toBe('Price 12 → 10, Status 0 → 1');
    expect(en.left[0]!.reason).toBe('no value before the batch is known for Status: nothing to put back');
    const ar = undoPlanView(retired, 'ar', { sale_price: 'السعر' });
    expect(ar.send[0]!.changes).toBe('السعر 12 → 10، الحالة 0 → 1');
    expect(JSON.stringify([en, ar])).not.toContain('product_status');
  });

  it('names a create never linked by its key column as the sheet headed it, not by the ledger key', () => {
    const unlinked: UndoPlan = {
      batch: 'B1',
      send: [],
      left: [
        {
          key: 'k:barcode:B-1',
          productId: null,
          code: 'created_unlinked',
          reason: ref('undo.created_unlinked', {}),
        },
      ],
    };
    expect(undoPlanView(unlinked, 'ar', { barcode: 'رمز' }).left[0]!.named).toBe('رمز B-1');
    expect(undoPlanView(unlinked, 'en', {}).left[0]!.named).toBe('Barcode B-1');
    expect(undoPlanView(unlinked, 'ar', {}).left[0]!.named).toBe('الباركود B-1');
  });

  it("keeps the store's field name in the CLI's lines, for engineers", () => {
    expect(undoPreviewLines(created, 'en')[1]).toBe(
      '  product_id 7: product_status 1 → 0 (created by the batch: hidden in the store (product_status 0))',
    );
    expect(undoPreviewLines(created, 'ar')[1]).toBe(
      '  product_id 7: product_status 1 → 0 (أنشأته الدفعة: يُخفى في المتجر (product_status 0))',
    );
  });
});
