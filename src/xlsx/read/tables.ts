/**
 * The totals rows of a worksheet's Excel Tables (Insert > Table, then Total Row): a row of
 * `Total` and SUBTOTAL formulas at the bottom of the table, a summary of the rows above and not
 * a row of data. A table part says it has one with `totalsRowCount` (its last rows, within
 * `ref`); `totalsRowShown` says only whether one was ever shown, so it decides nothing.
 */
import type { ZipArchive } from '../zip/reader.ts';
import { parseRelationships, relsPartOf, scanOpenTags } from './parts.ts';

const TABLE_RELATIONSHIP = /\/table$/;

/** `A1:C5` -> its last row, 5; null for a ref that names no rows. */
function lastRowOf(ref: string): number | null {
  const last = /(\d+)$/.exec(ref.split(':').at(-1) ?? '')?.[1];
  return last === undefined ? null : Number(last);
}

/** The rows a table part says are totals rows (none without `totalsRowCount`). */
export function parseTableTotals(xml: string): number[] {
  const rows: number[] = [];
  scanOpenTags(xml, (name, attributes) => {
    if (name !== 'table' || attributes.ref === undefined) return;
    const count = Number(attributes.totalsRowCount ?? 0);
    const last = lastRowOf(attributes.ref);
    if (!Number.isInteger(count) || count < 1 || last === null) return;
    for (let row = Math.max(1, last - count + 1); row <= last; row++) rows.push(row);
  });
  return rows;
}

/** The totals rows of every table on the sheet part, ascending; a missing table part adds none. */
export async function tableTotalsRows(zip: ZipArchive, sheetPart: string): Promise<number[]> {
  const rels = parseRelationships((await zip.text(relsPartOf(sheetPart))) ?? '', sheetPart);
  const rows = new Set<number>();
  for (const table of rels.filter((relationship) => TABLE_RELATIONSHIP.test(relationship.type))) {
    const xml = await zip.text(table.target);
    if (xml !== null) for (const row of parseTableTotals(xml)) rows.add(row);
  }
  return [...rows].sort((a, b) => a - b);
}
