/**
 * One retry policy (store/retry.ts), applied once: a row's call reaches the store at most
 * RETRY_POLICY.maxAttempts times on either transport, and a create that may have arrived is never
 * sent again.
 */
import { expect, it } from 'vitest';
import { RETRY_POLICY } from '../../src/store/retry.ts';
import { describeOnEachTransport } from './helpers/transports.ts';

const UPDATE = '/v1/update_product';
const CREATE = '/v1/create_product';

describeOnEachTransport('%s transport', (current) => {
  it('an update the store always answers with 500 makes exactly the policy attempts, then fails', async () => {
    const { world, transport } = current;
    const product = world.sandbox.seedProduct({ title: 'Old', sale_price: 1, category: 1 }, 1);
    world.sandbox.inject({ kind: 'status500', path: UPDATE, times: 1_000 });
    const sheet = await world.sheet('always-500.csv', ['product_id,title', `${product.product_id},New`]);
    const summary = await transport.run(world, { file: sheet });
    expect(summary.counts).toMatchObject({ failed: 1 });
    expect(world.sandbox.requests().filter((r) => r.path === UPDATE)).toHaveLength(RETRY_POLICY.maxAttempts);
  });

  it('a create the store answers with 500 is sent once and ends unknown', async () => {
    const { world, transport } = current;
    world.sandbox.inject({ kind: 'status500', path: CREATE, times: 1_000 });
    const sheet = await world.sheet('create-500.csv', ['title,category,sale_price,barcode', 'Tea,1,5,B1']);
    const summary = await transport.run(world, { file: sheet });
    expect(summary.counts).toMatchObject({ unknown: 1 });
    expect(world.sandbox.requests().filter((r) => r.path === CREATE)).toHaveLength(1);
  });
});
