import { describe, expect, it } from 'vitest';
import { SandboxState, idOf } from '../../src/sandbox/state.ts';

const fixedClock = () => 1_000;

describe('idOf', () => {
  it.each([
    [7, 7],
    ['7', 7],
    [' 12 ', 12],
    [1.5, undefined],
    ['1.5', undefined],
    ['abc', undefined],
    [null, undefined],
    [undefined, undefined],
    [true, undefined],
  ])('%j -> %j', (input, expected) => {
    expect(idOf(input)).toBe(expected);
  });
});

describe('SandboxState', () => {
  it('keeps product totals per category through creates and category changes', () => {
    const state = new SandboxState(10, fixedClock);
    const a = state.createProduct({ title: 'a', category: 1 });
    state.createProduct({ title: 'b', category: '1' });
    expect(state.productTotal(1)).toBe(2);
    if (!a.ok) throw new Error('create failed');
    state.updateProduct({ product_id: a.value.product_id, category: 2 });
    expect([state.productTotal(1), state.productTotal(2)]).toEqual([1, 1]);
    state.updateProduct({ product_id: a.value.product_id, sale_price: 3 }); // category not sent: unchanged
    expect([state.productTotal(1), state.productTotal(2)]).toEqual([1, 1]);
  });

  it('keeps a "__proto__" field as data instead of changing the stored object', () => {
    const state = new SandboxState(10, fixedClock);
    const created = state.createProduct(
      JSON.parse('{"title":"x","__proto__":{"polluted":true}}') as Record<string, unknown>,
    );
    if (!created.ok) throw new Error('create failed');
    state.updateProduct(
      JSON.parse(`{"product_id":${created.value.product_id},"__proto__":{"polluted":true}}`) as Record<string, unknown>,
    );
    const fields = state.product(created.value.product_id)?.fields ?? {};
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect((fields as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('never stores product_id among the fields, and stamps times from the clock', () => {
    const state = new SandboxState(10, fixedClock);
    const created = state.createProduct({ title: 'x', product_id: 5 });
    expect(created).toMatchObject({
      ok: true,
      value: { product_id: 1001, fields: { title: 'x' }, createdAt: 1_000, updatedAt: 1_000 },
    });
  });
});
