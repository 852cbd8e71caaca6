/**
 * The column plan compiled once per sheet: for each column the value spec and message context,
 * so mapping a row is a loop over prepared slots (no per-cell lookups or regex compilation).
 */
import type { SheetKind } from '../types.ts';
import {
  BRAND_FIELD_SPECS, CELEBRITY_SPEC, OPTION_FIELD_SPECS, PRICE_SPEC, PRODUCT_FIELD_SPECS, PRODUCT_ID_SPEC,
  PRODUCT_STATUS_SPEC, type ValueSpec,
} from './fields.ts';
import type { HeaderPlan } from './headers.ts';
import { canonicalName, type ColumnTarget } from './targets.ts';
import type { ReadContext } from './values.ts';

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
  headerOf(name: string): string | null;
  has(name: string): boolean;
}

const ACTION_SPEC: ValueSpec = { kind: 'text' };

export function specOf(target: ColumnTarget): ValueSpec {
  switch (target.kind) {
    case 'field': return PRODUCT_FIELD_SPECS[target.field];
    case 'brand': return BRAND_FIELD_SPECS[target.field];
    case 'price': return PRICE_SPEC;
    case 'celebrity': return CELEBRITY_SPEC;
    case 'option': return OPTION_FIELD_SPECS[target.field];
    case 'product_id': return PRODUCT_ID_SPEC;
    case 'product_status': return PRODUCT_STATUS_SPEC;
    case 'action': return ACTION_SPEC;
  }
}

export function compileSheet(plan: HeaderPlan, decimalComma: boolean): CompiledSheet {
  const columns: CompiledColumn[] = [];
  const blankIndexes = new Set<number>();
  const headers = new Map<string, string>();
  let originalRowIndex = -1;
  for (const slot of plan.slots) {
    if (slot.column.role === 'blank') blankIndexes.add(slot.index);
    if (slot.column.role === 'original_row') originalRowIndex = slot.index;
    if (slot.column.role !== 'target') continue;
    const name = canonicalName(slot.column.target);
    if (headers.has(name)) continue; // a duplicate column: header error, never read twice
    headers.set(name, slot.header);
    columns.push({
      index: slot.index, header: slot.header, target: slot.column.target, name,
      spec: specOf(slot.column.target), ctx: { header: slot.header, decimalComma },
    });
  }
  return {
    kind: plan.kind,
    columns,
    originalRowIndex,
    blankIndexes,
    headerCount: plan.slots.length,
    headerBroken: plan.issues.some((issue) => issue.severity === 'error'),
    headerOf: (name) => headers.get(name) ?? null,
    has: (name) => headers.has(name),
  };
}
