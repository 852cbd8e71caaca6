import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { withSandbox } from '../../src/sandbox/index.ts';
import { storeClientFromConfig } from '../../src/store/client.ts';
import { clientFor, rejection } from './helpers.ts';

describe('store client: every operation against the sandbox', () => {
  it('authorizes and exposes the vendor store without the third-party secrets', async () => {
    await withSandbox({ productLimit: 250 }, async (sandbox) => {
      const client = clientFor(sandbox);
      const session = await client.authorize();
      expect(session.store).toMatchObject({
        vendor_id: '4242',
        email: sandbox.email,
        product_limit: 250,
        brand_limit: 100,
        time_zone: 'Asia/Kuwait',
      });
      expect(session.expiresAt).toBeGreaterThan(Date.now());
      expect(JSON.stringify(session)).not.toContain('SANDBOX-SECRET');
      for (const key of ['courier_auth_key', 'courier_secret_key', 'payment_provider_api_key'])
        expect(session.store.raw).not.toHaveProperty(key);
      client.close();
    });
  });

  it('creates, updates and changes the status of products', async () => {
    await withSandbox({}, async (sandbox) => {
      const client = clientFor(sandbox);
      const created = await client.createProduct({
        title: 'Dates 1kg',
        title_ar: 'تمر',
        category: 5,
        sale_price: 4.5,
        barcode: '628100',
      });
      expect(created).toEqual({ httpStatus: 200, message: undefined, attempts: 1 });
      const [product] = sandbox.products();
      expect(product?.fields).toMatchObject({ title: 'Dates 1kg', category: 5, sale_price: 4.5 });

      const updated = await client.updateProduct({ product_id: product!.product_id, sale_price: 5 });
      expect(updated).toEqual({ httpStatus: 200, message: 'Product updated', attempts: 1 });
      expect(sandbox.product(product!.product_id)?.fields).toMatchObject({ title: 'Dates 1kg', sale_price: 5 });

      const status = await client.setProductStatus({ product_id: product!.product_id, product_status: 0 });
      expect(status.message).toBe('Product status updated');
      expect(sandbox.product(product!.product_id)?.product_status).toBe(0);
      client.close();
    });
  });

  it('updates a brand with PUT', async () => {
    await withSandbox({}, async (sandbox) => {
      const client = clientFor(sandbox);
      const result = await client.updateBrand({ brand_id: 2, brand_name: 'Sahara Gold', brand_name_ar: 'صحارى' });
      expect(result).toMatchObject({ httpStatus: 200, message: 'Brand updated' });
      expect(sandbox.brands().find((b) => b.brand_id === 2)?.brand_name).toBe('Sahara Gold');
      expect(sandbox.requests().find((r) => r.path === '/v1/brands')?.method).toBe('PUT');
      client.close();
    });
  });

  it.each(['GET', 'POST'] as const)('lists categories with %s, numbers as numbers', async (method) => {
    await withSandbox({}, async (sandbox) => {
      sandbox.seedProduct({ title: 'x', category: 1 });
      const client = clientFor(sandbox, { categoriesMethod: method });
      const categories = await client.listCategories();
      expect(categories).toHaveLength(6);
      expect(categories[0]).toMatchObject({
        category_id: 1,
        category_name: 'Electronics',
        category_name_ar: 'إلكترونيات',
      });
      expect(categories.every((c) => typeof c.product_total === 'number')).toBe(true);
      expect(sandbox.requests().find((r) => r.path === '/v1/categories')?.method).toBe(method);
      client.close();
    });
  });

  it('lists taxes, and reads the 404 "Not found." as an empty list', async () => {
    await withSandbox({}, async (sandbox) => {
      const client = clientFor(sandbox);
      const taxes = await client.listTaxes();
      expect(taxes.map((t) => [t.country_id, t.tax])).toEqual([
        ['1', 0],
        ['2', 15],
        ['3', 5],
      ]);
      client.close();
    });
    await withSandbox({ noTaxes: true }, async (sandbox) => {
      const client = clientFor(sandbox);
      expect(await client.listTaxes()).toEqual([]);
      client.close();
    });
  });

  it('lists vouchers with flags as booleans and amounts as numbers', async () => {
    await withSandbox({}, async (sandbox) => {
      const client = clientFor(sandbox);
      const vouchers = await client.listVouchers();
      expect(vouchers.map((v) => v.code)).toEqual(['WELCOME10', 'FIVEOFF']);
      expect(vouchers[1]?.details).toEqual({
        discount_type: 'amount',
        discount_value: 5,
        shipping_free: true,
        minimum_order_amount: 20,
      });
      client.close();
    });
  });

  it('sends the token bare by default, and as "Jwt <token>" with STORE_TOKEN_FORMAT=jwt', async () => {
    await withSandbox({}, async (sandbox) => {
      const forms = () =>
        sandbox
          .requests()
          .filter((r) => r.path !== '/v1/authorization')
          .map((r) => r.tokenForm);
      const bare = clientFor(sandbox);
      expect(await bare.listVouchers()).toHaveLength(2);
      expect(forms()).toEqual(['bare']);
      bare.close();
      sandbox.resetStats();
      const config = resolveConfig({
        STORE_URL: sandbox.url,
        STORE_EMAIL: sandbox.email,
        STORE_PASSWORD: sandbox.password,
        STORE_TOKEN_FORMAT: 'jwt',
      });
      const prefixed = storeClientFromConfig(config, { sleep: () => Promise.resolve() });
      expect(await prefixed.listVouchers()).toHaveLength(2);
      expect(await prefixed.updateBrand({ brand_id: 1, brand_name: 'N', brand_name_ar: 'ن' })).toMatchObject({
        httpStatus: 200,
      });
      expect(forms()).toEqual(['jwt', 'jwt']);
      prefixed.close();
    });
  });
});

describe('store client: the error bodies of the reference', () => {
  it('wrong credentials are INVALID_CREDENTIALS, not retried', async () => {
    await withSandbox({}, async (sandbox) => {
      const client = clientFor({ ...sandbox, password: 'wrong' });
      const error = await rejection(client.listCategories());
      expect(error).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        operation: 'authorize',
        httpStatus: 400,
        apiMessage: 'Invalid Access!',
        attempts: 1,
      });
      expect(error.message).not.toContain('wrong');
      expect(sandbox.requestCount('/v1/authorization')).toBe(1);
      client.close();
    });
  });

  it('the same status is SAME_STATUS', async () => {
    await withSandbox({}, async (sandbox) => {
      const product = sandbox.seedProduct({ title: 'x' }, 1);
      const client = clientFor(sandbox);
      const error = await rejection(client.setProductStatus({ product_id: product.product_id, product_status: 1 }));
      expect(error).toMatchObject({
        code: 'SAME_STATUS',
        httpStatus: 400,
        apiMessage: 'Same product status',
        attempts: 1,
      });
      client.close();
    });
  });

  it.each([
    [
      'create without a title',
      (c: ReturnType<typeof clientFor>) => c.createProduct({ title_ar: 'x' }),
      'title is required',
    ],
    [
      'create in an unknown category',
      (c: ReturnType<typeof clientFor>) => c.createProduct({ title: 'x', category: 99 }),
      'Category not found',
    ],
    [
      'update of an unknown product',
      (c: ReturnType<typeof clientFor>) => c.updateProduct({ product_id: 9, title: 'x' }),
      'Product not found',
    ],
    [
      'an invalid status',
      (c: ReturnType<typeof clientFor>) => c.setProductStatus({ product_id: 1001, product_status: 7 }),
      'Invalid product status',
    ],
    [
      'an unknown brand',
      (c: ReturnType<typeof clientFor>) => c.updateBrand({ brand_id: 99, brand_name: 'x', brand_name_ar: 'x' }),
      'Brand not found',
    ],
  ])('%s is REJECTED with the store message, not retried', async (_label, call, message) => {
    await withSandbox({}, async (sandbox) => {
      sandbox.seedProduct({ title: 'seeded' });
      const client = clientFor(sandbox);
      const error = await rejection(call(client));
      expect(error).toMatchObject({ code: 'REJECTED', httpStatus: 400, apiMessage: message, attempts: 1 });
      expect(error.message).toContain(message);
      client.close();
    });
  });

  it('over the product limit is REJECTED', async () => {
    await withSandbox({ productLimit: 1 }, async (sandbox) => {
      const client = clientFor(sandbox);
      await client.createProduct({ title: 'first' });
      const error = await rejection(client.createProduct({ title: 'second' }));
      expect(error).toMatchObject({ code: 'REJECTED', apiMessage: 'Product limit exceeded' });
      expect(sandbox.products()).toHaveLength(1);
      client.close();
    });
  });
});
