/**
 * The header row to a column plan: which field each column fills, plus the header's own issues
 * (unknown columns once, with a suggestion; two columns filling one field). Pure.
 */
import { said } from '../../messages/index.ts';
import type { RowIssue, SheetKind } from '../types.ts';
import type { ColumnMap } from './column-map.ts';
import { cleanHeader, headerKey } from './header-key.ts';
import { isReportColumn } from './report-columns.ts';
import { suggest } from './suggest.ts';
import { BRAND_LOOKUP, canonicalName, resolveTarget, suggestionNames, type ColumnTarget } from './targets.ts';

export type ColumnRole =
  | { role: 'target'; target: ColumnTarget }
  /** The `row` column of a catalog-sync report: the row number first seen. */
  | { role: 'original_row' }
  /** Other report columns (outcome, message, ...) and columns mapped to `ignore`: not sent. */
  | { role: 'ignored' }
  | { role: 'unknown' }
  | { role: 'blank' };

export interface ColumnSlot {
  index: number;
  /** The header as written (outer spaces and BOM removed). */
  header: string;
  column: ColumnRole;
}

export interface HeaderPlan {
  kind: SheetKind;
  slots: ColumnSlot[];
  issues: RowIssue[];
}

/** Products, or brands when the recognised columns are brand columns only (a brand CSV). */
export function detectKind(headers: readonly string[], columnMap?: ColumnMap): SheetKind {
  let brandName = false;
  for (const header of headers) {
    const cleaned = cleanHeader(header);
    if (cleaned === '' || isReportColumn(cleaned)) continue;
    const mapped = columnMap?.lookup(cleaned);
    if (mapped === null) continue;
    const target =
      mapped !== undefined
        ? (resolveTarget(mapped, 'brands') ?? resolveTarget(mapped, 'products'))
        : BRAND_LOOKUP.get(headerKey(cleaned));
    if (!target || target.kind !== 'brand') return 'products';
    if (target.field !== 'brand_id') brandName = true;
  }
  return brandName ? 'brands' : 'products';
}

/**
 * Unknown columns warned of one by one, each with its "did you mean"; past this many they are one
 * warning naming the count and the first UNKNOWN_COLUMNS_NAMED (a sheet filled to column XFD had
 * 16,377 lines of warnings, one per column).
 */
export const UNKNOWN_COLUMNS_LISTED = 10;
export const UNKNOWN_COLUMNS_NAMED = 5;

interface UnknownPlace {
  unknown: string;
  first: boolean;
}

export function planHeaders(headers: readonly string[], kind: SheetKind, columnMap?: ColumnMap): HeaderPlan {
  const slots: ColumnSlot[] = [];
  // Unknown columns hold their place among the other issues until their count is known.
  const issues: (RowIssue | UnknownPlace)[] = [];
  const unknown: string[] = [];
  const claimed = new Map<string, string>();
  headers.forEach((raw, index) => {
    const header = cleanHeader(raw);
    const column = roleOf(header, kind, columnMap, issues);
    slots.push({ index, header, column });
    if (column.role === 'unknown') {
      // Past the listed count the warnings are one, in the first one's place: no more places kept.
      if (unknown.length <= UNKNOWN_COLUMNS_LISTED) issues.push({ unknown: header, first: unknown.length === 0 });
      unknown.push(header);
    }
    if (column.role !== 'target') return;
    const name = canonicalName(column.target);
    const earlier = claimed.get(name);
    if (earlier !== undefined) {
      issues.push({
        row: 1,
        column: header,
        code: 'duplicate_column',
        severity: 'error',
        ...said('duplicate_column', { earlier, column: header, field: name }),
      });
    } else {
      claimed.set(name, header);
    }
  });
  const many = unknown.length > UNKNOWN_COLUMNS_LISTED;
  const names = suggestionNames(kind);
  const told = issues.flatMap((issue): RowIssue[] => {
    if (!('unknown' in issue)) return [issue];
    if (!many) return [unknownColumn(issue.unknown, suggest(headerKey(issue.unknown), names))];
    return issue.first ? [unknownColumns(unknown)] : [];
  });
  return { kind, slots, issues: told };
}

function unknownColumn(header: string, hint: string | null): RowIssue {
  return {
    row: 1,
    column: header,
    code: 'unknown_column',
    severity: 'warning',
    ...said('unknown_column', { column: header, hint: hint ?? '' }),
  };
}

/** One warning for many unknown columns: the count and the first few, as written. */
function unknownColumns(headers: readonly string[]): RowIssue {
  const first = headers
    .slice(0, UNKNOWN_COLUMNS_NAMED)
    .map((header) => `"${header}"`)
    .join(', ');
  return {
    row: 1,
    column: null,
    code: 'unknown_columns',
    severity: 'warning',
    ...said('unknown_columns', { count: headers.length.toLocaleString('en'), first }),
  };
}

function roleOf(
  header: string,
  kind: SheetKind,
  columnMap: ColumnMap | undefined,
  issues: (RowIssue | UnknownPlace)[],
): ColumnRole {
  if (header === '') return { role: 'blank' };
  const mapped = columnMap?.lookup(header);
  if (mapped === null) return { role: 'ignored' };
  if (mapped !== undefined) {
    const target = resolveTarget(mapped, kind);
    if (target) return { role: 'target', target };
    issues.push({
      row: 1,
      column: header,
      code: 'column_map_mismatch',
      severity: 'error',
      ...said('column_map_mismatch', { file: columnMap?.file ?? '', column: header, mapped, kind }),
    });
    return { role: 'ignored' };
  }
  if (isReportColumn(header)) return header.toLowerCase() === 'row' ? { role: 'original_row' } : { role: 'ignored' };
  const target = resolveTarget(header, kind);
  return target ? { role: 'target', target } : { role: 'unknown' };
}

/**
 * Columns of a header row that name something catalog-sync knows (a field, a report column, a
 * column the --columns map names): 0 for a title banner above the real header.
 */
export function knownColumnCount(headers: readonly string[], columnMap?: ColumnMap): number {
  const plan = planHeaders(headers, detectKind(headers, columnMap), columnMap);
  return plan.slots.filter((slot) => slot.column.role !== 'unknown' && slot.column.role !== 'blank').length;
}

/**
 * The field each header fills as the sheet is read now (canonical name; null for a header that
 * fills none): what a mapping step shows pre-filled, from the aliases and the map given.
 */
export function headerFields(headers: readonly string[], columnMap?: ColumnMap): (string | null)[] {
  const plan = planHeaders(headers, detectKind(headers, columnMap), columnMap);
  return plan.slots.map((slot) => (slot.column.role === 'target' ? canonicalName(slot.column.target) : null));
}
