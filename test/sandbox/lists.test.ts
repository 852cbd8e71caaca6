import { describe, expect, it } from 'vitest';
import { withSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { call, login, storeErrorBody } from './helpers.ts';

interface CategoryList {
  status: boolean;
  total: string;
  data: {
    category_id: string;
    category_name: string;
    category_name_ar: string;
    image: string | null;
    product_total: string;
  }[];
}

/** A list asked for by POST after a login: its body, which says status true. */
async function listed<B>(sandbox: SandboxHandle, path: string): Promise<B> {
  const { access_token: token } = await login(sandbox);
  const body = (await call(sandbox, 'POST', path, { token })).body as B & { status: boolean };
  expect(body.status).toBe(true);
  return body;
}

/** The list has `count` entries, each with exactly these fields (in any order). */
function expectEntries(entries: readonly object[], count: number, fields: readonly string[]): void {
  expect(entries).toHaveLength(count);
  for (const entry of entries) expect(Object.keys(entry).sort()).toEqual([...fields].sort());
}

describe('categories', () => {
  it('answers GET and POST alike with the seeded categories, numbers as text and product totals', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      sandbox.seedProduct({ title: 'a', category: 2 });
      await call(sandbox, 'POST', '/v1/create_product', { token, body: { title: 'b', category: '2' } });
      await call(sandbox, 'POST', '/v1/create_product', { token, body: { title: 'c', category: 3 } });
      await call(sandbox, 'POST', '/v1/update_product', { token, body: { product_id: 1003, category: 4 } });
      const viaGet = await call(sandbox, 'GET', '/v1/categories', { token });
      const viaPost = await call(sandbox, 'POST', '/v1/categories', { token, header: 'jwt' });
      expect(viaGet.status).toBe(200);
      expect(viaPost.body).toEqual(viaGet.body);
      const list = viaGet.body as CategoryList;
      expect(list.status).toBe(true);
      expect(list.total).toBe('6');
      expect(list.data.map((c) => c.category_id)).toEqual(['1', '2', '3', '4', '5', '6']);
      for (const c of list.data) {
        expect(c.category_name_ar).toMatch(/[\u0600-\u06FF]/);
        expect(c.image === null || c.image.startsWith('https://')).toBe(true);
      }
      expect(Object.fromEntries(list.data.map((c) => [c.category_id, c.product_total]))).toEqual({
        '1': '0',
        '2': '2',
        '3': '0',
        '4': '1',
        '5': '0',
        '6': '0',
      });
      expect(sandbox.categories()).toHaveLength(6);
      expect(sandbox.categories()[0]).toEqual({
        category_id: 1,
        category_name: list.data[0]?.category_name,
        category_name_ar: list.data[0]?.category_name_ar,
      });
    });
  });
});

describe('PUT /v1/brands', () => {
  it('updates the brand and answers {status:true, message:"Brand updated"}', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      expect(sandbox.brands().map((b) => b.brand_id)).toEqual([1, 2, 3, 4]);
      const answer = await call(sandbox, 'PUT', '/v1/brands', {
        token,
        header: 'jwt',
        body: { brand_id: 3, brand_name: 'Pearl', brand_name_ar: 'اللؤلؤ' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: true, message: 'Brand updated' });
      expect(sandbox.brands()[2]).toEqual({ brand_id: 3, brand_name: 'Pearl', brand_name_ar: 'اللؤلؤ' });
    });
  });

  it('answers 400 Brand not found for an unknown brand_id', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      const answer = await call(sandbox, 'PUT', '/v1/brands', {
        token,
        body: { brand_id: 99, brand_name: 'x', brand_name_ar: 'y' },
      });
      expect(answer.body).toEqual(storeErrorBody(400, 'Brand not found'));
    });
  });
});

describe('taxes', () => {
  it('lists one entry per country with the tax as a 2-decimal string', async () => {
    await withSandbox({}, async (sandbox) => {
      const body = await listed<{ data: Record<string, string>[] }>(sandbox, '/v1/taxes');
      expectEntries(body.data, 3, ['country_id', 'country_name', 'country_name_ar', 'tax']);
      for (const entry of body.data) expect(entry.tax).toMatch(/^\d+\.\d{2}$/);
    });
  });

  it('answers 404 {message:"Not found."} when the store has none', async () => {
    await withSandbox({ noTaxes: true }, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      const answer = await call(sandbox, 'POST', '/v1/taxes', { token });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Not found.' });
    });
  });
});

describe('vouchers', () => {
  it('lists the two seeded vouchers with every field of the reference', async () => {
    await withSandbox({}, async (sandbox) => {
      const body = await listed<{ vouchers: Record<string, unknown>[] }>(sandbox, '/v1/vouchers');
      expectEntries(body.vouchers, 2, [
        'code',
        'coupon_id',
        'coupon_limit',
        'description',
        'description_ar',
        'details',
        'limit_per',
        'thumb_image',
        'till',
        'title',
        'title_ar',
      ]);
      for (const v of body.vouchers) {
        expect(v.till).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(Object.keys(v.details as object).sort()).toEqual([
          'discount_type',
          'discount_value',
          'minimum_order_amount',
          'shipping_free',
        ]);
      }
      expect(body.vouchers.map((v) => (v.details as { discount_type: string }).discount_type)).toEqual([
        'percent',
        'amount',
      ]);
    });
  });
});

describe('paths and methods outside the reference', () => {
  it('answers 404 Not found for an unknown path and 405 for a wrong method, in the standard body', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      expect((await call(sandbox, 'POST', '/v1/delete_product', { token })).body).toEqual(
        storeErrorBody(404, 'Not found'),
      );
      const wrong = await call(sandbox, 'GET', '/v1/create_product', { token });
      expect(wrong.status).toBe(405);
      expect(wrong.body).toEqual(storeErrorBody(405, 'Method not allowed'));
    });
  });
});
