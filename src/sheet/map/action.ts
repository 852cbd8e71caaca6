/**
 * What a product row asks for: create, update, status change or skip. A pure decision over what
 * the row filled in, table-tested in test/sheet-map/action.test.ts.
 */
import type { ProductFields, UpdateProductRequest } from '../../api-types.ts';
import { said, type Said } from '../../messages/index.ts';
import type { RowIssue, RowPlan } from '../types.ts';
import { CREATE_REQUIRED, type RowAction } from './fields.ts';

export interface ActionInput {
  row: number;
  /** From the `action` column; null when blank or absent. */
  action: RowAction | null;
  productId: number | undefined;
  status: number | undefined;
  fields: ProductFields;
  /** Canonical names of the columns this row filled, valid or not (an invalid cell is not "missing"). */
  filled: { has(name: string): boolean };
  /** True when the row fills any product field (besides product_id, product_status, action). */
  hasFields: boolean;
  /** The header as written for a canonical field name, for messages and issue columns. */
  headerOf(field: string): string | null;
}

export interface ActionDecision {
  plan: RowPlan | null;
  issues: RowIssue[];
}

export function decideProductPlan(input: ActionInput): ActionDecision {
  const { action, productId, status } = input;
  const hasFields = input.hasFields;
  if (action === 'skip') return { plan: { kind: 'skip', reason: 'action column says skip' }, issues: [] };
  // An action cell that is not an action already has its error: no plan to guess.
  if (action === null && input.filled.has('action')) return { plan: null, issues: [] };
  // An invalid product_id already has its error; guessing "create" from it would only add noise.
  if (productId === undefined && input.filled.has('product_id') && action !== 'create')
    return { plan: null, issues: [] };
  if (action === 'create' || (action === null && productId === undefined)) return decideCreate(input);
  if (action === 'status') return decideStatus(input, hasFields);
  // update, explicit or by default (a product_id is given)
  if (productId === undefined)
    return fail(input, 'product_id', 'required', said('required.update_id', { id: idColumn(input) }));
  if (!hasFields && status === undefined) {
    return fail(input, null, 'nothing_to_update', said('nothing_to_update', { id: idColumn(input) }));
  }
  if (!hasFields && status !== undefined)
    return { plan: { kind: 'status', payload: { product_id: productId, product_status: status } }, issues: [] };
  // The fields object is this row's own: it becomes the payload without a copy.
  const payload: UpdateProductRequest = Object.assign(input.fields, { product_id: productId });
  const plan: RowPlan = status === undefined ? { kind: 'update', payload } : { kind: 'update', payload, status };
  return { plan, issues: [] };
}

function decideCreate(input: ActionInput): ActionDecision {
  const issues: RowIssue[] = [];
  if (input.productId !== undefined) {
    issues.push(
      issue(input, 'product_id', 'create_with_product_id', said('create_with_product_id', { id: idColumn(input) })),
    );
  }
  if (input.filled.has('product_status')) {
    issues.push(
      issue(
        input,
        'product_status',
        'create_with_status',
        said('create_with_status', { id: idColumn(input), status: statusColumn(input) }),
      ),
    );
  }
  for (const field of CREATE_REQUIRED) {
    const value = input.fields[field];
    if ((value === undefined && !input.filled.has(field)) || value === '') {
      issues.push(issue(input, field, 'required', said('required.create', { field: input.headerOf(field) ?? field })));
    }
  }
  if (issues.length > 0) return { plan: null, issues };
  return { plan: { kind: 'create', payload: input.fields }, issues };
}

function decideStatus(input: ActionInput, hasFields: boolean): ActionDecision {
  const issues: RowIssue[] = [];
  if (input.productId === undefined)
    issues.push(issue(input, 'product_id', 'required', said('required.status_id', { id: idColumn(input) })));
  if (input.status === undefined)
    issues.push(
      issue(input, 'product_status', 'required', said('required.status_value', { status: statusColumn(input) })),
    );
  if (input.productId === undefined || input.status === undefined) return { plan: null, issues };
  if (hasFields) {
    issues.push({
      ...issue(input, null, 'fields_ignored', said('fields_ignored', { status: statusColumn(input) })),
      severity: 'warning',
    });
  }
  return { plan: { kind: 'status', payload: { product_id: input.productId, product_status: input.status } }, issues };
}

function issue(input: ActionInput, field: string | null, code: string, text: Said): RowIssue {
  return {
    row: input.row,
    column: field === null ? null : (input.headerOf(field) ?? field),
    code,
    ...text,
    severity: 'error',
  };
}

function fail(input: ActionInput, field: string | null, code: string, text: Said): ActionDecision {
  return { plan: null, issues: [issue(input, field, code, text)] };
}

/** The product id's column as the sheet names it (`رقم المنتج`), or the field's name without one. */
function idColumn(input: ActionInput): string {
  return input.headerOf('product_id') ?? 'product_id';
}

/** The status column as the sheet names it, or the field's name without one. */
function statusColumn(input: ActionInput): string {
  return input.headerOf('product_status') ?? 'product_status';
}
