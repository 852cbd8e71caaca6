/**
 * The sheet mapper: header row in, a function from each raw row to exactly one SheetRowResult
 * out. Pure and total: it never throws on cell values (property-tested with fast-check).
 */
import { said } from '../../messages/index.ts';
import { columnLetters } from '../../xlsx/index.ts';
import { DEFAULTS } from '../../config.ts';
import type { RawRow, RowIssue, RowPlan, SheetKind, SheetRowResult } from '../types.ts';
import { mapBrandRow } from './brand-row.ts';
import type { CategoryNames } from './category-cells.ts';
import { cellText, isBlankCell, rowTexts } from './cell-text.ts';
import type { ColumnMap } from './column-map.ts';
import { compileSheet, type CompiledSheet } from './compile.ts';
import { detectKind, planHeaders } from './headers.ts';
import { identifierFields } from './identifiers.ts';
import { mapProductRow } from './product-row.ts';
import { DuplicateTracker } from './sheet-checks.ts';
import { rowSignatureOf } from './row-signature.ts';

export interface MapperOptions {
  /** Force the kind (an XLSX `Brands` sheet); otherwise detected from the headers. */
  kind?: SheetKind;
  columnMap?: ColumnMap;
  /** The file's delimiter; `;` turns on the decimal comma (`12,5` = 12.5). */
  delimiter?: string | null;
  /** Most characters a text cell may hold; longer is an invalid row. @defaultValue DEFAULTS.maxTextLength (65,535) */
  maxTextLength?: number | undefined;
  /** CSV: the header record's field count (SheetReader.fieldCount); a row filled past it is shifted. */
  fieldCount?: number | undefined;
  /** The field a sync keys its creates by: an identifier, as barcode is (identifiers.ts). @defaultValue barcode */
  keyColumn?: string | undefined;
  /** Reads category names against the store's list (category-cells.ts); absent: names are refused. */
  categories?: CategoryNames | undefined;
}

export interface SheetMapper {
  kind: SheetKind;
  headers: string[];
  headerIssues: RowIssue[];
  /** What a row's cells mean on this sheet (see rowSignatureOf). */
  rowSignature: string;
  /** Each field read (its canonical name, `sale_price`) by the header the sheet gives it (`السعر`). */
  columns: Record<string, string>;
  mapRow: (raw: RawRow) => SheetRowResult;
  /** The row names a category and the store's list is not fetched yet: load it, then map the row. */
  wantsCategories: (raw: RawRow) => boolean;
}

export function createSheetMapper(headers: readonly string[], options: MapperOptions = {}): SheetMapper {
  const kind = options.kind ?? detectKind(headers, options.columnMap);
  const plan = planHeaders(headers, kind, options.columnMap);
  const sheet = compileSheet(plan, {
    decimalComma: options.delimiter === ';',
    maxTextLength: options.maxTextLength ?? DEFAULTS.maxTextLength,
    identifiers: identifierFields(options.keyColumn),
    allowsErrorText: (header) => options.columnMap?.allowsErrorText(header) ?? false,
    categories: options.categories,
  });
  const names = options.categories;
  const categoryIndexes = sheet.columns.filter((column) => column.ctx.categories).map((column) => column.index);
  const identifierIndexes = new Set(sheet.columns.filter((column) => column.ctx.identifier).map((c) => c.index));
  const tracker = new DuplicateTracker(options.keyColumn);
  const warnedBlank = new Set<number>();
  return {
    kind,
    headers: [...headers],
    headerIssues: plan.issues,
    rowSignature: rowSignatureOf(sheet, options.delimiter === ';'),
    columns: Object.fromEntries(sheet.columns.map((column) => [column.name, column.header])),
    mapRow: (raw) => mapRow(sheet, raw, tracker, warnedBlank, options.fieldCount, identifierIndexes),
    wantsCategories: (raw) => names !== undefined && categoryIndexes.some((i) => names.needsList(raw.values[i])),
  };
}

function mapRow(
  sheet: CompiledSheet,
  raw: RawRow,
  tracker: DuplicateTracker,
  warnedBlank: Set<number>,
  fieldCount: number | undefined,
  identifierIndexes: ReadonlySet<number>,
): SheetRowResult {
  const values = raw.values;
  const cells = rowTexts(raw, sheet.headerCount, identifierIndexes);
  let blank = true;
  for (let i = 0; i < values.length && blank; i += 1) if (!isBlankCell(values[i])) blank = false;
  const result: SheetRowResult = { row: raw.row, cells, plan: null, issues: [] };
  const originalRow = sheet.originalRowIndex >= 0 ? wholeNumber(cells[sheet.originalRowIndex]) : undefined;
  if (originalRow !== undefined) result.originalRow = originalRow;
  if (blank) {
    result.plan = { kind: 'skip', reason: 'blank row' };
    return result;
  }
  if (sheet.headerBroken) {
    result.issues.push({
      row: raw.row,
      column: null,
      code: 'header_error',
      severity: 'error',
      ...said('header_error', {}),
    });
    return result;
  }
  const shifted = fieldCount === undefined ? null : extraCells(raw, fieldCount);
  if (shifted !== null) {
    // Mapping it would blame the wrong columns: every cell after the stray split is one column off.
    result.issues.push(shifted);
    return result;
  }
  warnUnnamed(sheet, raw, result.issues, warnedBlank);
  const plan: RowPlan | null =
    sheet.kind === 'brands'
      ? mapBrandRow(sheet, raw, result.issues, tracker)
      : mapProductRow(sheet, raw, result.issues, tracker);
  result.plan = plan;
  return result;
}

/** Cells shown in the message past the header; a longer tail is counted, not quoted. */
const EXTRA_CELLS_SHOWN = 5;

/** A CSV row with filled cells past the header's fields: one error for the whole row, naming them. */
export function extraCells(raw: RawRow, fieldCount: number): RowIssue | null {
  const values = raw.values;
  let cells = values.length;
  while (cells > fieldCount && isBlankCell(values[cells - 1])) cells -= 1;
  if (cells <= fieldCount) return null;
  const extra = values.slice(fieldCount, cells).map((value) => JSON.stringify(cellText(value)));
  const shown = extra.slice(0, EXTRA_CELLS_SHOWN).join(', ');
  const more = Math.max(0, extra.length - EXTRA_CELLS_SHOWN);
  return {
    row: raw.row,
    column: null,
    code: 'extra_cells',
    severity: 'error',
    ...said('extra_cells', { cells, fieldCount, shown, more }),
  };
}

/** A filled cell under no header is not sent: say so once per column. */
function warnUnnamed(sheet: CompiledSheet, raw: RawRow, issues: RowIssue[], warned: Set<number>): void {
  for (let i = 0; i < raw.values.length; i += 1) {
    if (i < sheet.headerCount && !sheet.blankIndexes.has(i)) continue;
    if (warned.has(i) || isBlankCell(raw.values[i])) continue;
    warned.add(i);
    issues.push({
      row: raw.row,
      column: null,
      code: 'unnamed_column',
      severity: 'warning',
      ...said('unnamed_column', { letter: columnLetters(i) }),
    });
  }
}

function wholeNumber(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isSafeInteger(value) && value >= 2 ? value : undefined;
}
