/**
 * What a cell shows as text, the way Excel shows it: for text fields, reports and messages. The
 * row mapper, the cell readers and the header row all ask here; nothing here reads a value.
 */
import { formatNumber, generalText } from '../../xlsx/index.ts';
import type { Cell, RawRow } from '../types.ts';
import { identifierNumber } from './identifiers.ts';
import { cleanText } from './text.ts';

/**
 * The cell as text the way Excel shows it (text fields, reports, messages): a number or date
 * under its number format (`format`, from the XLSX), else a number to 15 significant digits.
 */
export function cellText(cell: Cell | undefined, format?: string): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return format === undefined ? generalText(cell) : formatNumber(cell, format);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  if (cell instanceof Date) return format === undefined ? dateText(cell) : formatNumber(cell, format);
  return 'error' in cell ? String(cell.error) : `=${cell.formula}`;
}

/** Excel dates carry no zone: exceljs gives them as UTC. A midnight date is written as a day. */
export function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

export function isBlankCell(cell: Cell | undefined): boolean {
  if (cell === null || cell === undefined) return true;
  return typeof cell === 'string' && cleanText(cell) === '';
}

/**
 * The row as text for reports, as Excel shows it, but an identifier's number as it is sent (its
 * full digits where the format hides some): the report, a re-run of failed.csv and the ledger's
 * unchanged-row check all see the digits. A CSV row is text already: its array is used as is.
 */
export function rowTexts(raw: RawRow, headerCount: number, identifierIndexes: ReadonlySet<number>): string[] {
  const values = raw.values;
  if (values.length >= headerCount && values.every((value) => typeof value === 'string')) return values;
  const cells = new Array<string>(Math.max(values.length, headerCount));
  for (let i = 0; i < cells.length; i += 1) {
    const value = values[i];
    const identifier =
      typeof value === 'number' && identifierIndexes.has(i) ? identifierNumber(value, raw.formats?.[i]) : null;
    cells[i] = identifier?.text ?? cellText(value, raw.formats?.[i]);
  }
  return cells;
}
