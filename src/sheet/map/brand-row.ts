/**
 * One brand row to a brand update. The update call sends both names, so both are required: a
 * blank one would be sent as nothing and could wipe the name (type #empty to clear one on purpose).
 */
import { said } from '../../messages/index.ts';
import type { RawRow, RowIssue, RowPlan } from '../types.ts';
import { BLANK, CellError, Noted } from './cell-reading.ts';
import type { CompiledSheet } from './compile.ts';
import type { BrandField } from './fields.ts';
import type { DuplicateTracker } from './sheet-checks.ts';
import { checkText } from './text-checks.ts';
import { readCell } from './values.ts';

const REQUIRED: readonly BrandField[] = ['brand_id', 'brand_name', 'brand_name_ar'];

export function mapBrandRow(
  sheet: CompiledSheet,
  raw: RawRow,
  issues: RowIssue[],
  tracker: DuplicateTracker,
): RowPlan | null {
  const values: Partial<Record<BrandField, string | number>> = {};
  for (const column of sheet.columns) {
    if (column.target.kind !== 'brand') continue;
    let reading = readCell(raw.values[column.index], column.spec, column.ctx, raw.formats?.[column.index]);
    if (reading === BLANK) continue;
    if (reading instanceof CellError) {
      issues.push(reading.issueAt(raw.row, column.header));
      continue;
    }
    if (reading instanceof Noted) {
      issues.push(reading.issueAt(raw.row, column.header));
      reading = reading.value;
    }
    if (typeof reading === 'string' && !checkText(reading, column, raw.row, issues, sheet.maxTextLength)) continue;
    if (typeof reading !== 'object') values[column.target.field] = reading;
  }
  for (const field of REQUIRED) {
    if (values[field] !== undefined || hasError(issues, sheet.headerOf(field))) continue;
    issues.push({
      row: raw.row,
      column: sheet.headerOf(field) ?? field,
      code: 'required',
      severity: 'error',
      ...(field === 'brand_id' ? said('required.brand_id', {}) : said('required.brand_name', { field })),
    });
  }
  if (typeof values.brand_id === 'number') {
    const duplicate = tracker.check('brand_id', values.brand_id, raw.row, sheet.headerOf('brand_id') ?? 'brand_id');
    if (duplicate) issues.push(duplicate);
  }
  if (issues.some((issue) => issue.severity === 'error')) return null;
  return {
    kind: 'brand',
    payload: {
      brand_id: values.brand_id as number,
      brand_name: String(values.brand_name),
      brand_name_ar: String(values.brand_name_ar),
    },
  };
}

function hasError(issues: RowIssue[], header: string | null): boolean {
  return header !== null && issues.some((issue) => issue.column === header && issue.severity === 'error');
}
