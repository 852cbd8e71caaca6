/** What to do next about a row that needs attention, chosen by its outcome and code, in either language. */
import { describe, expect, it } from 'vitest';
import { hintOf } from '../../src/messages/index.ts';

describe('the hint beside a row', () => {
  it.each([
    ['invalid', 'not_a_number', 'Fix the cell the message names, then send the row again.'],
    ['invalid', 'duplicate_barcode', 'Keep one of the two rows, or give each its own value, then send again.'],
    [
      'invalid',
      'unknown_category',
      'Use a category the store has, by its id or its name (the template lists them), then send again.',
    ],
    ['failed', 'REJECTED', 'The store refused this row: correct what its message names, then send it again.'],
    ['failed', 'SERVER_ERROR', 'Nothing was changed in the store: send the row again as it is.'],
    ['failed', 'reconciled_not_created', 'Nothing was changed in the store: send the row again as it is.'],
    ['failed', 'ACCESS_DENIED', "Check the store's login (e-mail and password), then send the row again."],
    ['failed', undefined, 'The store refused this row: correct what its message names, then send it again.'],
    [
      'unknown',
      'AMBIGUOUS',
      'The product may already be in the store: check it with "Check with the store" below this list',
    ],
    ['unknown', 'create_in_progress', 'Another sync is creating this product: check the store once it ends.'],
  ] as const)('%s %s', (outcome, code, en) => {
    expect(hintOf({ outcome, code }, 'en')).toContain(en);
    const ar = hintOf({ outcome, code }, 'ar');
    expect(ar).toMatch(/[\u0600-\u06FF]/);
    expect(ar).not.toBe(hintOf({ outcome, code }, 'en'));
  });

  it('has none for rows that need nothing', () => {
    for (const outcome of ['created', 'updated', 'status_changed', 'unchanged', 'skipped', 'would_create'])
      expect(hintOf({ outcome }, 'ar')).toBeNull();
  });
});
