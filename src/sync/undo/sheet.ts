/**
 * An undo as a sheet: one row per product it sends, by product_id, in the columns a person's sheet
 * would use (`sale_price`, `prices.<key>`, `product_option.<i>.<field>`, `product_status`), so the
 * undo is a batch like any other: read, planned, previewed, guarded and reported as its rows say.
 * A cell left empty sends nothing. Pure.
 */
import type { SentValues } from '../../ledger/ledger.ts';
import type { UndoSend } from './plan.ts';

/** The cells a field's value fills: `prices: {"1": 5}` fills `prices.1`. */
function cellsOf(field: string, value: unknown): [string, string][] {
  if (value === null || value === undefined) return [];
  if (field === 'product_option' && typeof value === 'object') {
    return Object.entries(value as Record<string, Record<string, unknown>>).flatMap(([index, option]) =>
      Object.entries(option).flatMap(([name, v]) =>
        name === 'option_values' && typeof v === 'object' && v !== null
          ? [[`product_option.${index}.${name}`, Object.values(v).join('|')] as [string, string]]
          : cellsOf(`product_option.${index}.${name}`, v),
      ),
    );
  }
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) => cellsOf(`${field}.${key}`, v));
  return [[field, typeof value === 'string' ? value : JSON.stringify(value)]];
}

function rowCells(values: SentValues, status: number | undefined): Map<string, string> {
  const cells = new Map<string, string>();
  for (const [field, value] of Object.entries(values))
    for (const [column, text] of cellsOf(field, value)) cells.set(column, text);
  if (status !== undefined) cells.set('product_status', String(status));
  return cells;
}

/** The undo's sheet: its header (product_id, then every column any row fills) and one row per product. */
export function undoSheet(send: readonly UndoSend[]): string[][] {
  const rows = send.map((s) => ({ id: String(s.productId), cells: rowCells(s.values, s.status) }));
  const columns = [...new Set(rows.flatMap((row) => [...row.cells.keys()]))];
  // The status last, as people write it: after the fields it goes with.
  columns.sort((a, b) => Number(a === 'product_status') - Number(b === 'product_status'));
  return [['product_id', ...columns], ...rows.map((row) => [row.id, ...columns.map((c) => row.cells.get(c) ?? '')])];
}
