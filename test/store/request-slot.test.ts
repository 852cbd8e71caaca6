/**
 * A write's `requestSlot` (the sync engine's cap on requests in flight, sync/slots.ts) holds each
 * HTTP exchange and nothing else: not the ledger's claim before it (beforeSend), not the wait
 * between a retry's attempts. Work around a request then never keeps a request slot idle.
 */
import { expect, it } from 'vitest';
import { withSandbox } from '../../src/sandbox/index.ts';
import type { RequestSlot } from '../../src/store/types.ts';
import { clientFor } from './helpers.ts';

const UPDATE = '/v1/update_product';

it('runs each attempt of a write in the request slot, and the claim before it and the wait between attempts outside it', async () => {
  await withSandbox({}, async (sandbox) => {
    let held = 0;
    let exchanges = 0;
    const heldWhile: Record<string, number[]> = { beforeSend: [], retryWait: [], answer: [] };
    const requestSlot: RequestSlot = async (exchange) => {
      held += 1;
      exchanges += 1;
      try {
        return await exchange();
      } finally {
        held -= 1;
      }
    };
    const client = clientFor(
      sandbox,
      {},
      {
        sleep: () => {
          heldWhile.retryWait!.push(held);
          return Promise.resolve();
        },
      },
    );
    const product = sandbox.seedProduct({ title: 'Tea', category: 1 });
    await client.authorize();
    sandbox.inject({ kind: 'status503', path: UPDATE, times: 1 });

    const result = await client.updateProduct(
      { product_id: product.product_id, title: 'Green tea' },
      {
        beforeSend: () => {
          heldWhile.beforeSend!.push(held);
          return Promise.resolve();
        },
        requestSlot,
      },
    );
    heldWhile.answer!.push(held);

    expect(result.attempts).toBe(2);
    expect(sandbox.requestCount(UPDATE)).toBe(2);
    expect(exchanges).toBe(2);
    expect(heldWhile).toEqual({ beforeSend: [0], retryWait: [0], answer: [0] });
    expect(sandbox.products().find((p) => p.product_id === product.product_id)?.fields.title).toBe('Green tea');
    client.close();
  });
});
