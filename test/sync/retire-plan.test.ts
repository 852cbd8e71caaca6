/**
 * Which products a whole sheet retires (src/sync/retire.ts), over a ledger in memory: one the
 * sheet names by id, by a barcode linked to it, or in a row the mapper refused is kept; one its
 * record says is at the status already is left alone; the rest are retired, each once, as status
 * changes numbered on after the sheet's last row.
 */
import { describe, expect, it } from 'vitest';
import { MemoryLedger } from '../../src/ledger/memory-store.ts';
import type { SheetRowResult } from '../../src/sheet/types.ts';
import { ListedKeys, retirementsOf, SheetRetirer } from '../../src/sync/retire.ts';
import { syncedRecord } from '../ledger/entries.ts';

async function records(): Promise<MemoryLedger> {
  const ledger = new MemoryLedger();
  await ledger.setMany([
    ['p:1', syncedRecord({ product_status: 1 })],
    ['p:2', syncedRecord({ product_status: 1 }, ['k:barcode:B2'])],
    ['k:barcode:B2', syncedRecord({ product_status: 1 }, ['p:2'])],
    ['p:3', syncedRecord({ product_status: 0 })],
    ['p:4', syncedRecord({ sale_price: 5 })],
    ['p:5', syncedRecord({ product_status: 1 })],
    ['k:barcode:NEW', syncedRecord({ title: 'not linked: no id to retire by' })],
  ]);
  return ledger;
}

const rows: SheetRowResult[] = [
  { row: 2, cells: ['1', '', '9'], plan: { kind: 'update', payload: { product_id: 1, sale_price: 9 } }, issues: [] },
  {
    row: 3,
    cells: ['', 'B2', '9'],
    plan: { kind: 'create', payload: { title: 't', barcode: 'B2', sale_price: 9 } },
    issues: [],
  },
  { row: 7, cells: [' 5 ', '', 'nine'], plan: null, issues: [] },
];

describe('retiring what a whole sheet no longer lists', () => {
  it('keeps what the sheet names by id, linked barcode or a refused row; leaves one at the status already', async () => {
    const listed = new ListedKeys('barcode');
    for (const row of rows) listed.add(row);
    const retired: unknown[] = [];
    for await (const one of retirementsOf(await records(), listed, { status: 0 })) retired.push(one);
    expect(retired).toEqual([{ id: 4, before: null }]);
  });

  it('plans each as a status change after the last row, saying why', async () => {
    const retirer = new SheetRetirer({ status: 2 }, await records(), 'barcode', [
      'product_id',
      'barcode',
      'sale_price',
    ]);
    retirer.add(rows[0]!);
    const out: SheetRowResult[] = [];
    for await (const row of retirer.rows()) out.push(row);
    expect(out.map((row) => [row.row, row.cells, row.plan?.kind === 'status' && row.plan.payload])).toEqual([
      [3, ['2', '', ''], { product_id: 2, product_status: 2 }],
      [4, ['3', '', ''], { product_id: 3, product_status: 2 }],
      [5, ['4', '', ''], { product_id: 4, product_status: 2 }],
      [6, ['5', '', ''], { product_id: 5, product_status: 2 }],
    ]);
    expect(out[0]!.plan).toMatchObject({
      note: 'retired: not in this sheet (product_id 2)',
      notes: [{ key: 'retired.not_in_sheet', params: { id: 2 } }],
    });
  });

  it('numbers retirements by product_id whatever order the records come in (a Redis HSCAN has its own)', async () => {
    const ledger = new MemoryLedger();
    await ledger.setMany([31, 7, 1024, 12, 500].map((id) => [`p:${id}`, syncedRecord({ product_status: 1 })]));
    const ids: number[] = [];
    for await (const one of retirementsOf(ledger, new ListedKeys('barcode'), { status: 0 })) ids.push(one.id);
    expect(ids).toEqual([7, 12, 31, 500, 1024]);
  });
});
