/**
 * Which columns of a header row fill a decimal number field, so that a report can store their
 * cells as numbers: prices (`sale_price`, `purchase_price`, `shipping_cost`, `prices.<key>`), or
 * another decimal field (`weight`, `unit`, discounts, ...). Read from the header names and their
 * aliases alone, as every report writer knows them (a queued batch's report has its headers, not
 * its --columns map). Pure.
 */
import type { ScalarProductField } from './fields.ts';
import { PRODUCT_FIELD_SPECS } from './fields.ts';
import { detectKind, planHeaders } from './headers.ts';

export type NumberColumn = 'price' | 'number' | null;

const PRICE_FIELDS: ReadonlySet<ScalarProductField> = new Set(['sale_price', 'purchase_price', 'shipping_cost']);

export function numberColumnsOf(headers: readonly string[]): NumberColumn[] {
  const plan = planHeaders(headers, detectKind(headers));
  return plan.slots.map(({ column }) => {
    if (column.role !== 'target') return null;
    const target = column.target;
    if (target.kind === 'price') return 'price';
    if (target.kind !== 'field') return null;
    if (PRICE_FIELDS.has(target.field)) return 'price';
    return PRODUCT_FIELD_SPECS[target.field].kind === 'number' ? 'number' : null;
  });
}
