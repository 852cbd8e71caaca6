import { describe, expect, it } from 'vitest';
import { withSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { call, login, storeErrorBody } from './helpers.ts';

async function tokenFor(sandbox: SandboxHandle): Promise<string> {
  return (await login(sandbox)).access_token;
}

describe('POST /v1/create_product', () => {
  it('answers 200 {} and stores the product under ids the sandbox assigns from 1001, status 1', async () => {
    await withSandbox({}, async (sandbox) => {
      const token = await tokenFor(sandbox);
      const fields = {
        title: 'Dates',
        title_ar: 'تمر',
        category: 5,
        sale_price: 3.5,
        barcode: '629000',
        prices: { '1': 3.5 },
      };
      const answer = await call(sandbox, 'POST', '/v1/create_product', { token, body: fields });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({});
      await call(sandbox, 'POST', '/v1/create_product', {
        token,
        header: 'jwt',
        body: { title: 'Second', category: '2' },
      });
      const [first, second] = sandbox.products();
      expect(first).toMatchObject({ product_id: 1001, product_status: 1, fields });
      expect(second).toMatchObject({ product_id: 1002, product_status: 1, fields: { title: 'Second', category: '2' } });
      expect(sandbox.product(1001)?.fields.title_ar).toBe('تمر');
    });
  });

  it('allows duplicate barcodes (the reference shows no rule against them)', async () => {
    await withSandbox({}, async (sandbox) => {
      const token = await tokenFor(sandbox);
      for (let i = 0; i < 2; i += 1) {
        expect(
          (await call(sandbox, 'POST', '/v1/create_product', { token, body: { title: 'Same', barcode: '111' } }))
            .status,
        ).toBe(200);
      }
      expect(sandbox.products().map((p) => p.fields.barcode)).toEqual(['111', '111']);
    });
  });

  it.each([
    ['no title', { category: 1 }, 'title is required'],
    ['an empty title', { title: '' }, 'title is required'],
    ['a blank title', { title: '   ' }, 'title is required'],
    ['a numeric title', { title: 5 }, 'title is required'],
    ['an unknown category', { title: 'x', category: 99 }, 'Category not found'],
    ['a non-numeric category', { title: 'x', category: 'shoes' }, 'Category not found'],
  ])('answers 400 for %s and stores nothing', async (_name, body, message) => {
    await withSandbox({}, async (sandbox) => {
      const token = await tokenFor(sandbox);
      const answer = await call(sandbox, 'POST', '/v1/create_product', { token, body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(storeErrorBody(400, message));
      expect(sandbox.products()).toEqual([]);
    });
  });

  it('enforces product_limit with 400 Product limit exceeded', async () => {
    await withSandbox({ productLimit: 2 }, async (sandbox) => {
      const token = await tokenFor(sandbox);
      sandbox.seedProduct({ title: 'seeded' });
      expect((await call(sandbox, 'POST', '/v1/create_product', { token, body: { title: 'a' } })).status).toBe(200);
      const over = await call(sandbox, 'POST', '/v1/create_product', { token, body: { title: 'b' } });
      expect(over.body).toEqual(storeErrorBody(400, 'Product limit exceeded'));
      expect(sandbox.products()).toHaveLength(2);
    });
  });

  it('answers 400 Access denied to a body that is not a JSON object', async () => {
    await withSandbox({}, async (sandbox) => {
      const token = await tokenFor(sandbox);
      for (const rawBody of ['{not json', '[1,2]', '"title"']) {
        const answer = await call(sandbox, 'POST', '/v1/create_product', { token, rawBody });
        expect(answer.body).toEqual(storeErrorBody(400, 'Access denied'));
      }
      expect(sandbox.products()).toEqual([]);
    });
  });
});

describe('POST /v1/update_product', () => {
  it('merges the fields sent, keeps the others and answers {status:true, message:"Product updated"}', async () => {
    await withSandbox({}, async (sandbox) => {
      const token = await tokenFor(sandbox);
      const seeded = sandbox.seedProduct({ title: 'Old', sale_price: 1, barcode: '9' });
      const answer = await call(sandbox, 'POST', '/v1/update_product', {
        token,
        body: { product_id: seeded.product_id, title: 'New', weight: 2 },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: true, message: 'Product updated' });
      expect(sandbox.product(seeded.product_id)?.fields).toEqual({
        title: 'New',
        sale_price: 1,
        barcode: '9',
        weight: 2,
      });
      expect(sandbox.product(seeded.product_id)?.product_status).toBe(1);
    });
  });

  it('accepts product_id as a numeric string', async () => {
    await withSandbox({}, async (sandbox) => {
      const token = await tokenFor(sandbox);
      const seeded = sandbox.seedProduct({ title: 'Old' });
      const answer = await call(sandbox, 'POST', '/v1/update_product', {
        token,
        body: { product_id: String(seeded.product_id), sale_price: 4 },
      });
      expect(answer.status).toBe(200);
      expect(sandbox.product(seeded.product_id)?.fields.sale_price).toBe(4);
    });
  });

  it.each([
    ['an unknown product_id', { product_id: 4242, title: 'x' }, 'Product not found'],
    ['no product_id', { title: 'x' }, 'Product not found'],
    ['an emptied title', { product_id: 1001, title: '' }, 'title is required'],
    ['an unknown category', { product_id: 1001, category: 77 }, 'Category not found'],
  ])('answers 400 for %s and changes nothing', async (_name, body, message) => {
    await withSandbox({}, async (sandbox) => {
      const token = await tokenFor(sandbox);
      sandbox.seedProduct({ title: 'Kept', category: 1 });
      const answer = await call(sandbox, 'POST', '/v1/update_product', { token, body });
      expect(answer.body).toEqual(storeErrorBody(400, message));
      expect(sandbox.product(1001)?.fields).toEqual({ title: 'Kept', category: 1 });
    });
  });
});

describe('POST /v1/products_status', () => {
  it('sets 0, 1 and 2 and answers {status:true, message:"Product status updated"}', async () => {
    await withSandbox({}, async (sandbox) => {
      const token = await tokenFor(sandbox);
      const { product_id } = sandbox.seedProduct({ title: 'p' });
      for (const status of [0, 2, 1, '0']) {
        const answer = await call(sandbox, 'POST', '/v1/products_status', {
          token,
          body: { product_id, product_status: status },
        });
        expect(answer.body).toEqual({ status: true, message: 'Product status updated' });
        expect(sandbox.product(product_id)?.product_status).toBe(Number(status));
      }
    });
  });

  it('answers 400 Same product status when the status is already set', async () => {
    await withSandbox({}, async (sandbox) => {
      const token = await tokenFor(sandbox);
      const { product_id } = sandbox.seedProduct({ title: 'p' }, 2);
      const answer = await call(sandbox, 'POST', '/v1/products_status', {
        token,
        body: { product_id, product_status: 2 },
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(storeErrorBody(400, 'Same product status'));
    });
  });

  it.each([
    ['status 3', { product_id: 1001, product_status: 3 }, 'Invalid product status'],
    ['status -1', { product_id: 1001, product_status: -1 }, 'Invalid product status'],
    ['status 1.5', { product_id: 1001, product_status: 1.5 }, 'Invalid product status'],
    ['no status', { product_id: 1001 }, 'Invalid product status'],
    ['an unknown product', { product_id: 5, product_status: 0 }, 'Product not found'],
  ])('answers 400 for %s', async (_name, body, message) => {
    await withSandbox({}, async (sandbox) => {
      const token = await tokenFor(sandbox);
      sandbox.seedProduct({ title: 'p' });
      const answer = await call(sandbox, 'POST', '/v1/products_status', { token, body });
      expect(answer.body).toEqual(storeErrorBody(400, message));
      expect(sandbox.product(1001)?.product_status).toBe(1);
    });
  });
});
