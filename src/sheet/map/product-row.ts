/**
 * One product row to a plan or to row issues. Pure apart from the per-sheet duplicate tracker.
 */
import type { ProductFields, ProductOption } from '../../store/types.ts';
import type { RawRow, RowIssue, RowPlan } from '../types.ts';
import { ACTION_WORDS } from './aliases.ts';
import { decideProductPlan } from './action.ts';
import type { CompiledColumn, CompiledSheet } from './compile.ts';
import { BILINGUAL_PAIRS, KNOWN_OPTION_TYPES, type OptionField, type RowAction } from './fields.ts';
import { headerKey } from './header-key.ts';
import type { DuplicateTracker } from './sheet-checks.ts';
import { checkText } from './text-checks.ts';
import { readCell, type CellValue } from './values.ts';

interface ProductCells {
  fields: ProductFields;
  productId: number | undefined;
  status: number | undefined;
  action: RowAction | null;
  /** Option index to the column of its first filled cell (for completeness messages). */
  optionColumns: Map<string, string>;
  /** Canonical names of the filled cells, valid or not. */
  filled: Set<string>;
}

export function mapProductRow(sheet: CompiledSheet, raw: RawRow, issues: RowIssue[], tracker: DuplicateTracker): RowPlan | null {
  const cells = readProductCells(sheet, raw, issues);
  if (cells.action === 'skip') {
    issues.length = 0;
    return { kind: 'skip', reason: 'action column says skip' };
  }
  checkOptions(sheet, raw.row, cells, issues);
  checkBilingual(sheet, raw.row, cells, issues);
  if (cells.productId !== undefined) pushIssue(issues, tracker.check('product_id', cells.productId, raw.row, sheet.headerOf('product_id') ?? 'product_id'));
  if (cells.fields.barcode) pushIssue(issues, tracker.check('barcode', cells.fields.barcode, raw.row, sheet.headerOf('barcode') ?? 'barcode'));
  const decision = decideProductPlan({
    row: raw.row, action: cells.action, productId: cells.productId, status: cells.status, fields: cells.fields, filled: cells.filled,
    headerOf: (field) => sheet.headerOf(field),
  });
  issues.push(...decision.issues);
  return issues.some((issue) => issue.severity === 'error') ? null : decision.plan;
}

function readProductCells(sheet: CompiledSheet, raw: RawRow, issues: RowIssue[]): ProductCells {
  const out: ProductCells = { fields: {}, productId: undefined, status: undefined, action: null, optionColumns: new Map(), filled: new Set() };
  for (const column of sheet.columns) {
    const reading = readCell(raw.values[column.index], column.spec, column.ctx);
    if (reading.status === 'blank') continue;
    out.filled.add(column.name);
    if (reading.status === 'error') {
      issues.push({ row: raw.row, column: column.header, code: reading.code, message: reading.message, severity: 'error' });
      continue;
    }
    if (typeof reading.value === 'string' && !checkText(reading.value, column, raw.row, issues)) continue;
    assign(out, column, reading.value, raw.row, issues);
  }
  return out;
}

function assign(out: ProductCells, column: CompiledColumn, value: CellValue, row: number, issues: RowIssue[]): void {
  const target = column.target;
  switch (target.kind) {
    case 'field':
      (out.fields as Record<string, CellValue>)[target.field] = value;
      return;
    case 'price':
      (out.fields.prices ??= {})[target.key] = value as number;
      return;
    case 'celebrity':
      (out.fields.celebrity ??= {})[target.key] = value as number;
      return;
    case 'option': {
      const options = (out.fields.product_option ??= {});
      const option: ProductOption = (options[target.index] ??= {});
      (option as Record<OptionField, CellValue>)[target.field] = value;
      if (!out.optionColumns.has(target.index)) out.optionColumns.set(target.index, column.header);
      if (target.field === 'type' && typeof value === 'string' && value !== '' && !KNOWN_OPTION_TYPES.includes(value)) {
        issues.push({ row, column: column.header, code: 'unknown_option_type', severity: 'warning', message: `${column.header}: "${value}" is not a type the store reference shows (multi_select); it is sent as written` });
      }
      return;
    }
    case 'product_id':
      out.productId = value as number;
      return;
    case 'product_status':
      out.status = value as number;
      return;
    case 'action': {
      const word = typeof value === 'string' ? value : '';
      const action = ACTION_WORDS.get(headerKey(word));
      if (action) out.action = action;
      else issues.push({ row, column: column.header, code: 'bad_action', severity: 'error', message: `${column.header}: ${JSON.stringify(word)} is not an action (expected create, update, status or skip, or leave it blank)` });
      return;
    }
    case 'brand':
      return;
  }
}

/** An option needs a title; values, type or flags alone do not make one. */
function checkOptions(sheet: CompiledSheet, row: number, cells: ProductCells, issues: RowIssue[]): void {
  const options = cells.fields.product_option;
  if (!options) return;
  for (const [index, option] of Object.entries(options)) {
    if ((option.title !== undefined && option.title !== '') || cells.filled.has(`product_option.${index}.title`)) continue;
    const titleHeader = sheet.headerOf(`product_option.${index}.title`) ?? `product_option.${index}.title`;
    const filled = cells.optionColumns.get(index) ?? titleHeader;
    issues.push({
      row, column: titleHeader, code: 'incomplete_option', severity: 'error',
      message: `option ${Number(index) + 1} (product_option.${index}) has "${filled}" filled but no title; an option needs ${titleHeader} (or clear the option's cells)`,
    });
  }
}

/** A warning when one language of a pair is given without the other. */
function checkBilingual(sheet: CompiledSheet, row: number, cells: ProductCells, issues: RowIssue[]): void {
  // #empty (clearing a text) is not "filled in one language only".
  const given = (field: keyof ProductFields): boolean => cells.filled.has(field) && cells.fields[field] !== '';
  for (const [base, arabic] of BILINGUAL_PAIRS) {
    const hasBase = given(base);
    const hasArabic = given(arabic);
    if (hasArabic && !hasBase) {
      issues.push({ row, column: sheet.headerOf(arabic), code: 'arabic_without_base', severity: 'warning', message: `${arabic} is filled but ${base} is not: the store shows ${base} where Arabic is not chosen` });
    } else if (hasBase && !hasArabic && sheet.has(arabic)) {
      issues.push({ row, column: sheet.headerOf(arabic), code: 'base_without_arabic', severity: 'warning', message: `${base} is filled but ${arabic} is blank: Arabic shoppers will see no Arabic ${base}` });
    }
  }
}

function pushIssue(issues: RowIssue[], issue: RowIssue | null): void {
  if (issue) issues.push(issue);
}
