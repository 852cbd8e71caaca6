/**
 * One product row to a plan or to row issues. Pure apart from the per-sheet duplicate tracker.
 * Hot path (every row of a 100,000-row sheet): no closures or sets per row, one pass per cell.
 */
import type { ProductFields, ProductOption } from '../../api-types.ts';
import { said, type Said } from '../../messages/index.ts';
import type { RawRow, RowIssue, RowPlan } from '../types.ts';
import { ACTION_WORDS } from './aliases.ts';
import { BLANK, CellError, Noted, type CellValue } from './cell-reading.ts';
import { decideProductPlan } from './action.ts';
import type { CompiledColumn, CompiledSheet } from './compile.ts';
import { BILINGUAL_PAIRS, KNOWN_OPTION_TYPES, type RowAction, type ScalarProductField } from './fields.ts';
import { setOptionField, setProductField } from './set-field.ts';
import { headerKey } from './header-key.ts';
import type { DuplicateTracker } from './sheet-checks.ts';
import { checkText } from './text-checks.ts';
import { readCell } from './values.ts';

interface ProductCells {
  fields: ProductFields;
  hasFields: boolean;
  productId: number | undefined;
  status: number | undefined;
  action: RowAction | null;
  filled: { has(name: string): boolean };
  /** What the row's message must say of how a value was read (cell-reading.ts Noted). */
  notes: Said[] | null;
}

export function mapProductRow(
  sheet: CompiledSheet,
  raw: RawRow,
  issues: RowIssue[],
  tracker: DuplicateTracker,
): RowPlan | null {
  const cells = readProductCells(sheet, raw, issues);
  if (cells.action === 'skip') {
    issues.length = 0;
    return { kind: 'skip', reason: 'action column says skip' };
  }
  if (cells.fields.product_option) checkOptions(sheet, raw.row, cells, issues);
  checkBilingual(sheet, raw.row, cells, issues);
  if (cells.productId !== undefined)
    pushIssue(
      issues,
      tracker.check('product_id', cells.productId, raw.row, sheet.headerOf('product_id') ?? 'product_id'),
    );
  if (cells.fields.barcode)
    pushIssue(issues, tracker.check('barcode', cells.fields.barcode, raw.row, sheet.headerOf('barcode') ?? 'barcode'));
  const decision = decideProductPlan({
    row: raw.row,
    action: cells.action,
    productId: cells.productId,
    status: cells.status,
    fields: cells.fields,
    hasFields: cells.hasFields,
    filled: cells.filled,
    headerOf: sheet.headerOf,
  });
  if (decision.issues.length > 0) issues.push(...decision.issues);
  if (hasError(issues)) return null;
  const plan = decision.plan;
  const duplicateKey = plan === null ? null : tracker.checkCreateKey(plan, raw.row);
  if (duplicateKey !== null) {
    issues.push(duplicateKey);
    return null;
  }
  if (plan !== null && cells.notes !== null && (plan.kind === 'create' || plan.kind === 'update')) {
    plan.note = cells.notes.map((note) => note.message).join('; ');
    plan.notes = cells.notes.map((note) => ({ key: note.messageKey, params: note.params }));
  }
  return plan;
}

function readProductCells(sheet: CompiledSheet, raw: RawRow, issues: RowIssue[]): ProductCells {
  sheet.filled.fill(0);
  const out: ProductCells = {
    fields: {},
    hasFields: false,
    productId: undefined,
    status: undefined,
    action: null,
    filled: sheet.filledCells,
    notes: null,
  };
  const columns = sheet.columns;
  for (let position = 0; position < columns.length; position += 1) {
    const column = columns[position] as CompiledColumn;
    let reading = readCell(raw.values[column.index], column.spec, column.ctx, raw.formats?.[column.index]);
    if (reading === BLANK) continue;
    sheet.filled[position] = 1;
    if (reading instanceof CellError) {
      issues.push(reading.issueAt(raw.row, column.header));
      continue;
    }
    if (reading instanceof Noted) {
      issues.push(reading.issueAt(raw.row, column.header));
      (out.notes ??= []).push(reading.text);
      reading = reading.value;
    }
    if (typeof reading === 'string' && !checkText(reading, column, raw.row, issues, sheet.maxTextLength)) continue;
    assign(out, column, reading, raw.row, issues, sheet);
  }
  return out;
}

function assign(
  out: ProductCells,
  column: CompiledColumn,
  value: CellValue,
  row: number,
  issues: RowIssue[],
  sheet: CompiledSheet,
): void {
  const target = column.target;
  switch (target.kind) {
    case 'field':
      setProductField(out.fields, target.field, value);
      out.hasFields = true;
      return;
    case 'price':
      (out.fields.prices ??= {})[target.key] = value as number;
      out.hasFields = true;
      return;
    case 'celebrity':
      (out.fields.celebrity ??= {})[target.key] = value as number;
      out.hasFields = true;
      return;
    case 'option': {
      const options = (out.fields.product_option ??= {});
      const option: ProductOption = (options[target.index] ??= {});
      setOptionField(option, target.field, value);
      out.hasFields = true;
      if (
        target.field === 'type' &&
        typeof value === 'string' &&
        value !== '' &&
        !KNOWN_OPTION_TYPES.includes(value) &&
        !sheet.warnedOptionTypes.has(value)
      ) {
        sheet.warnedOptionTypes.add(value);
        issues.push({
          row,
          column: column.header,
          code: 'unknown_option_type',
          severity: 'warning',
          ...said('unknown_option_type', { column: column.header, value }),
        });
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
      else
        issues.push({
          row,
          column: column.header,
          code: 'bad_action',
          severity: 'error',
          ...said('bad_action', { column: column.header, value: JSON.stringify(word) }),
        });
      return;
    }
    case 'brand':
      return;
  }
}

/** An option needs a title; values, type or flags alone do not make one. */
function checkOptions(sheet: CompiledSheet, row: number, cells: ProductCells, issues: RowIssue[]): void {
  const options = cells.fields.product_option ?? {};
  for (const index in options) {
    const option = options[index] as ProductOption;
    if ((option.title !== undefined && option.title !== '') || cells.filled.has(`product_option.${index}.title`))
      continue;
    const titleHeader = sheet.headerOf(`product_option.${index}.title`) ?? `product_option.${index}.title`;
    issues.push({
      row,
      column: titleHeader,
      code: 'incomplete_option',
      severity: 'error',
      ...said('incomplete_option', {
        number: Number(index) + 1,
        index,
        filled: firstFilledOf(sheet, index) ?? titleHeader,
        title: titleHeader,
      }),
    });
  }
}

function firstFilledOf(sheet: CompiledSheet, index: string): string | null {
  for (let position = 0; position < sheet.columns.length; position += 1) {
    const column = sheet.columns[position] as CompiledColumn;
    if (column.target.kind === 'option' && column.target.index === index && sheet.filled[position] === 1)
      return column.header;
  }
  return null;
}

/**
 * A warning when one language of a pair is given without the other. #empty (clearing) does not
 * count. The message names the columns as the sheet does (`العنوان`, not `title`).
 */
function checkBilingual(sheet: CompiledSheet, row: number, cells: ProductCells, issues: RowIssue[]): void {
  for (const [base, arabic] of BILINGUAL_PAIRS) {
    const names = { arabic: sheet.headerOf(arabic) ?? arabic, base: sheet.headerOf(base) ?? base };
    const hasBase = given(cells, base);
    const hasArabic = given(cells, arabic);
    if (hasArabic && !hasBase) {
      issues.push({
        row,
        column: sheet.headerOf(arabic),
        code: 'arabic_without_base',
        severity: 'warning',
        ...said('arabic_without_base', names),
      });
    } else if (hasBase && !hasArabic && sheet.positionOf(arabic) >= 0) {
      issues.push({
        row,
        column: sheet.headerOf(arabic),
        code: 'base_without_arabic',
        severity: 'warning',
        ...said('base_without_arabic', names),
      });
    }
  }
}

function given(cells: ProductCells, field: ScalarProductField): boolean {
  return cells.fields[field] !== '' && cells.filled.has(field);
}

function hasError(issues: readonly RowIssue[]): boolean {
  for (const issue of issues) if (issue.severity === 'error') return true;
  return false;
}

function pushIssue(issues: RowIssue[], issue: RowIssue | null): void {
  if (issue) issues.push(issue);
}
