import { describe, expect, it } from 'vitest';
import { StoreError, type StoreErrorCode } from '../../src/store/errors.ts';
import type { CallRecord } from '../../src/sync/rules.ts';
import { callsFor, failureOutcome, invalidResult, outcomeOf } from '../../src/sync/rules.ts';

const err = (code: StoreErrorCode, apiMessage?: string, httpStatus?: number, retryAfterMs?: number) =>
  new StoreError(code, apiMessage ?? code, {
    operation: 'create_product',
    apiMessage,
    httpStatus,
    retryAfterMs,
    attempts: 2,
  });
const ok = (message = 'ok', httpStatus = 200) => ({ httpStatus, message, attempts: 1 });

describe('callsFor', () => {
  it.each([
    [{ kind: 'create', payload: { title: 't' } }, ['create']],
    [{ kind: 'update', payload: { product_id: 1 } }, ['update']],
    [{ kind: 'update', payload: { product_id: 1 }, status: 0 }, ['update', 'status']],
    [{ kind: 'status', payload: { product_id: 1, product_status: 1 } }, ['status']],
    [{ kind: 'brand', payload: { brand_id: 1, brand_name: 'a', brand_name_ar: 'ب' } }, ['brand']],
    [{ kind: 'skip', reason: 'empty' }, []],
  ] as const)('%j -> %j', (plan, calls) => {
    expect(callsFor(plan)).toEqual(calls);
  });
});

// Whether a call is retried is the store client's policy alone (test/store/retry.test.ts); the
// engine only turns the final error into the row's outcome.
describe('failureOutcome', () => {
  it.each([
    ['create', 'NOT_SENT', 'failed'],
    ['create', 'RATE_LIMITED', 'failed'],
    ['create', 'AMBIGUOUS', 'unknown'],
    ['create', 'SERVER_ERROR', 'unknown'],
    ['create', 'BAD_RESPONSE', 'unknown'],
    ['create', 'REJECTED', 'failed'],
    ['create', 'ACCESS_DENIED', 'failed'],
    ['create', 'LOGIN_FAILED', 'failed'],
    ['update', 'SERVER_ERROR', 'failed'],
    ['update', 'AMBIGUOUS', 'failed'],
    ['status', 'RATE_LIMITED', 'failed'],
    ['brand', 'REJECTED', 'failed'],
    ['update', 'INVALID_CREDENTIALS', 'failed'],
  ] as const)('%s %s -> %s', (call, code, expected) => {
    expect(failureOutcome(call, err(code))).toBe(expected);
  });

  it('a non-store error leaves a create unknown and fails other calls', () => {
    expect(failureOutcome('create', new Error('boom'))).toBe('unknown');
    expect(failureOutcome('update', new Error('boom'))).toBe('failed');
  });
});

describe('outcomeOf', () => {
  const rec = (call: CallRecord['call'], result: CallRecord['result'], error?: unknown, attempts = 1): CallRecord => ({
    call,
    result,
    error,
    attempts,
  });

  const refused = (call: CallRecord['call'], ...error: Parameters<typeof err>) => rec(call, undefined, err(...error));
  const notCreated =
    'SERVER_ERROR (the product may or may not have been created, so it is not sent again: check it with the store, with "Check with the store" on the batch\'s page in the console)';

  it.each<[string, CallRecord[], string, string, number]>([
    ['create ok', [rec('create', ok(''))], 'created', 'Product created', 200],
    ['update ok', [rec('update', ok('Product updated'))], 'updated', 'Product updated', 200],
    ['status ok', [rec('status', ok('Product status updated'))], 'status_changed', 'Product status updated', 200],
    [
      'same status',
      [refused('status', 'SAME_STATUS', 'Same product status', 400)],
      'unchanged',
      'Same product status',
      400,
    ],
    ['brand ok', [rec('brand', ok('Brand updated'))], 'updated', 'Brand updated', 200],
    [
      'update + status',
      [rec('update', ok('Product updated')), rec('status', ok('Product status updated'))],
      'updated',
      'Product updated; Product status updated',
      200,
    ],
    [
      'update + same status',
      [rec('update', ok('Product updated')), refused('status', 'SAME_STATUS', 'Same product status', 400)],
      'updated',
      'Product updated; status already set',
      200,
    ],
    [
      'update ok, status rejected',
      [rec('update', ok('Product updated')), refused('status', 'REJECTED', 'Invalid product status', 400)],
      'failed',
      'Product updated, but the status change failed: Invalid product status',
      400,
    ],
    ['create rejected', [refused('create', 'REJECTED', 'title is required', 400)], 'failed', 'title is required', 400],
    ['create 5xx', [refused('create', 'SERVER_ERROR', undefined, 500)], 'unknown', notCreated, 500],
  ])('%s', (_name, calls, outcome, message, httpStatus) => {
    expect(outcomeOf(7, calls)).toMatchObject({ row: 7, outcome, message, httpStatus });
  });

  it('sums attempts over calls', () => {
    expect(outcomeOf(2, [rec('update', ok(), undefined, 3), rec('status', ok(), undefined, 2)]).attempts).toBe(5);
  });
});

describe('invalidResult', () => {
  it('names the first error column and message', () => {
    const result = invalidResult({
      row: 4,
      cells: [],
      plan: null,
      issues: [
        { row: 4, column: 'title', code: 'mojibake', message: 'looks garbled', severity: 'warning' },
        {
          row: 4,
          column: 'sale_price',
          code: 'not_a_number',
          message: 'expected a number, got "abc"',
          severity: 'error',
        },
        { row: 4, column: 'weight', code: 'not_a_number', message: 'expected a number', severity: 'error' },
      ],
    });
    expect(result).toEqual({
      row: 4,
      outcome: 'invalid',
      message: 'sale_price: expected a number, got "abc"',
      httpStatus: null,
      attempts: 0,
      code: 'not_a_number',
      column: 'sale_price',
    });
  });
});
