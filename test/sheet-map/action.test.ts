/** Table tests for the pure plan decision (src/sheet/map/action.ts). */
import { describe, expect, it } from 'vitest';
import { decideProductPlan, type ActionInput } from '../../src/sheet/map/action.ts';
import type { RowAction } from '../../src/sheet/map/fields.ts';
import type { ProductFields } from '../../src/store/types.ts';

function decide(
  action: RowAction | null,
  productId: number | undefined,
  status: number | undefined,
  fields: ProductFields,
) {
  const filled = new Set<string>(Object.keys(fields));
  if (productId !== undefined) filled.add('product_id');
  if (status !== undefined) filled.add('product_status');
  const input: ActionInput = {
    row: 2,
    action,
    productId,
    status,
    fields,
    hasFields: Object.keys(fields).length > 0,
    filled,
    headerOf: (field) => field,
  };
  const decision = decideProductPlan(input);
  return {
    plan: decision.plan?.kind ?? null,
    status: decision.plan?.kind === 'update' ? decision.plan.status : undefined,
    codes: decision.issues.map((i) => `${i.severity}:${i.code}`),
  };
}

const full: ProductFields = { title: 'Tea', sale_price: 5, category: 3 };

describe('decideProductPlan', () => {
  it.each<
    [
      RowAction | null,
      number | undefined,
      number | undefined,
      ProductFields,
      string | null,
      number | undefined,
      string[],
    ]
  >([
    [null, undefined, undefined, full, 'create', undefined, []],
    [null, undefined, undefined, { title: 'Tea' }, null, undefined, ['error:required', 'error:required']],
    [null, undefined, undefined, { title: '', sale_price: 5, category: 3 }, null, undefined, ['error:required']],
    [null, undefined, 1, full, null, undefined, ['error:create_with_status']],
    [null, 7, undefined, { title: 'x' }, 'update', undefined, []],
    [null, 7, 2, { title: 'x' }, 'update', 2, []],
    [null, 7, 2, {}, 'status', undefined, []],
    [null, 7, undefined, {}, null, undefined, ['error:nothing_to_update']],
    ['create', 7, undefined, full, null, undefined, ['error:create_with_product_id']],
    ['create', undefined, undefined, full, 'create', undefined, []],
    ['update', undefined, undefined, full, null, undefined, ['error:required']],
    ['update', 7, 1, {}, 'status', undefined, []],
    ['status', 7, 1, {}, 'status', undefined, []],
    ['status', 7, 1, { title: 'x' }, 'status', undefined, ['warning:fields_ignored']],
    ['status', 7, undefined, {}, null, undefined, ['error:required']],
    ['status', undefined, undefined, {}, null, undefined, ['error:required', 'error:required']],
    ['skip', undefined, 1, {}, 'skip', undefined, []],
  ])('action %s, id %s, status %s, fields %j -> %s', (action, id, status, fields, plan, planStatus, codes) => {
    expect(decide(action, id, status, fields)).toEqual({ plan, status: planStatus, codes });
  });
});
