/**
 * The column plan compiled once per sheet: for each column the value spec and message context,
 * so mapping a row is a loop over prepared slots (no per-cell lookups or regex compilation).
 */
import type { SheetKind } from '../types.ts';
import {
  BRAND_FIELD_SPECS,
  CELEBRITY_SPEC,
  OPTION_FIELD_SPECS,
  PRICE_SPEC,
  PRODUCT_FIELD_SPECS,
  PRODUCT_ID_SPEC,
  PRODUCT_STATUS_SPEC,
  type ValueSpec,
} from './fields.ts';
import type { CategoryNames } from './category-cells.ts';
import type { ReadContext } from './cell-reading.ts';
import type { HeaderPlan } from './headers.ts';
import { canonicalName, type ColumnTarget } from './targets.ts';

export interface CompiledColumn {
  index: number;
  header: string;
  target: ColumnTarget;
  /** Canonical header, e.g. `product_option.0.title`. */
  name: string;
  spec: ValueSpec;
  ctx: ReadContext;
}

export interface CompiledSheet {
  kind: SheetKind;
  columns: CompiledColumn[];
  /** Column of the report's `row` (originalRow), or -1. */
  originalRowIndex: number;
  /** Columns without a header: their cells are not sent (warned once each if filled). */
  blankIndexes: ReadonlySet<number>;
  headerCount: number;
  /** The header row has errors: no row of this sheet is sent. */
  headerBroken: boolean;
  /** Canonical name to header as written. */
  headerOf: (name: string) => string | null;
  /** Canonical name to its position in `columns`, or -1. */
  positionOf: (name: string) => number;
  /**
   * Per-row scratch, reused (rows are mapped one at a time): filled[position] is 1 when the
   * row's cell in that column is not blank, valid or not.
   */
  filled: Uint8Array;
  /** `filled` by canonical name (what the plan decision asks). */
  filledCells: { has(name: string): boolean };
  /** Most characters a text cell may hold (MAX_TEXT_LENGTH); longer is an invalid row. */
  maxTextLength: number;
  /** Option types already warned about on this sheet (the warning is given once per type). */
  warnedOptionTypes: Set<string>;
  has(name: string): boolean;
}

const ACTION_SPEC: ValueSpec = { kind: 'text' };

/** The columns whose cells may name a category of the store's list. */
const CATEGORY_COLUMNS: ReadonlySet<string> = new Set(['category', 'sub_category']);

export function specOf(target: ColumnTarget): ValueSpec {
  switch (target.kind) {
    case 'field':
      return PRODUCT_FIELD_SPECS[target.field];
    case 'brand':
      return BRAND_FIELD_SPECS[target.field];
    case 'price':
      return PRICE_SPEC;
    case 'celebrity':
      return CELEBRITY_SPEC;
    case 'option':
      return OPTION_FIELD_SPECS[target.field];
    case 'product_id':
      return PRODUCT_ID_SPEC;
    case 'product_status':
      return PRODUCT_STATUS_SPEC;
    case 'action':
      return ACTION_SPEC;
  }
}

export interface CompileOptions {
  decimalComma: boolean;
  maxTextLength: number;
  /** Canonical names of the identifier fields (identifiers.ts identifierFields). */
  identifiers: ReadonlySet<string>;
  /** Whether a column (its header as written) may hold error values as text (column map `error_text:`). */
  allowsErrorText: (header: string) => boolean;
  /** Reads a category column's names (category-cells.ts); absent: ids only. */
  categories?: CategoryNames | undefined;
}

export function compileSheet(plan: HeaderPlan, options: CompileOptions): CompiledSheet {
  const { decimalComma, maxTextLength } = options;
  const columns: CompiledColumn[] = [];
  const blankIndexes = new Set<number>();
  const headers = new Map<string, string>();
  const positions = new Map<string, number>();
  let originalRowIndex = -1;
  for (const slot of plan.slots) {
    if (slot.column.role === 'blank') blankIndexes.add(slot.index);
    if (slot.column.role === 'original_row') originalRowIndex = slot.index;
    if (slot.column.role !== 'target') continue;
    const name = canonicalName(slot.column.target);
    if (headers.has(name)) continue; // a duplicate column: header error, never read twice
    headers.set(name, slot.header);
    positions.set(name, columns.length);
    const spec = specOf(slot.column.target);
    columns.push({
      index: slot.index,
      header: slot.header,
      target: slot.column.target,
      name,
      spec,
      ctx: {
        header: slot.header,
        decimalComma,
        identifier: spec.kind === 'text' && options.identifiers.has(name),
        errorText: options.allowsErrorText(slot.header),
        ...(CATEGORY_COLUMNS.has(name) && options.categories ? { categories: options.categories } : {}),
      },
    });
  }
  const filled = new Uint8Array(columns.length);
  return {
    kind: plan.kind,
    columns,
    originalRowIndex,
    blankIndexes,
    headerCount: plan.slots.length,
    headerBroken: plan.issues.some((issue) => issue.severity === 'error'),
    headerOf: (name) => headers.get(name) ?? null,
    positionOf: (name) => positions.get(name) ?? -1,
    filled,
    filledCells: {
      has: (name) => {
        const position = positions.get(name);
        return position !== undefined && filled[position] === 1;
      },
    },
    maxTextLength,
    warnedOptionTypes: new Set(),
    has: (name) => headers.has(name),
  };
}
