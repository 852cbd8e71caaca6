import { describe, expect, it } from 'vitest';
import { StoreError } from '../../src/store/errors.ts';
import { parseVendorStore, parseWith } from '../../src/store/parse.ts';
import { categoriesBody, taxesBody, vouchersBody, writeBody } from '../../src/store/schemas.ts';
import { thrownBy } from '../helpers/thrown.ts';

const ctx = { operation: 'categories' as const, httpStatus: 200, attempts: 1 };

describe('response schemas', () => {
  it('turns numbers as text into numbers', () => {
    const body = parseWith(
      categoriesBody,
      {
        status: true,
        total: '1',
        data: [
          {
            category_id: '7',
            category_name: 'Books',
            category_name_ar: 'كتب',
            image: null,
            product_total: '43',
            extra: 'dropped',
          },
        ],
      },
      ctx,
    );
    expect(body.data).toEqual([
      { category_id: 7, category_name: 'Books', category_name_ar: 'كتب', image: null, product_total: 43 },
    ]);
  });

  it('reads absent optional fields as empty (text) or null (image)', () => {
    const body = parseWith(
      categoriesBody,
      { data: [{ category_id: 3, category_name: 'Home', product_total: 0 }] },
      ctx,
    );
    expect(body.data[0]).toEqual({
      category_id: 3,
      category_name: 'Home',
      category_name_ar: '',
      image: null,
      product_total: 0,
    });
  });

  it('reads taxes and voucher flags and amounts', () => {
    expect(
      parseWith(
        taxesBody,
        { status: true, data: [{ country_id: '2', country_name: 'KSA', country_name_ar: 'س', tax: '15.00' }] },
        ctx,
      ).data[0]?.tax,
    ).toBe(15);
    const vouchers = parseWith(
      vouchersBody,
      {
        status: true,
        vouchers: [
          {
            coupon_id: '11',
            title: 'T',
            title_ar: 'ت',
            description: '',
            description_ar: null,
            till: '2030-12-31',
            code: 'C',
            coupon_limit: '100',
            limit_per: 'all',
            thumb_image: 'https://x/y.png',
            details: {
              discount_type: 'amount',
              discount_value: '5.000',
              shipping_free: '1',
              minimum_order_amount: '20.000',
            },
          },
        ],
      },
      ctx,
    ).vouchers;
    expect(vouchers[0]?.details).toEqual({
      discount_type: 'amount',
      discount_value: 5,
      shipping_free: true,
      minimum_order_amount: 20,
    });
    expect(vouchers[0]?.description_ar).toBe('');
  });

  it.each<[string, unknown, string]>([
    ['a body that is not JSON', undefined, 'the body is not JSON'],
    ['a missing list', { status: true }, 'field "data"'],
    [
      'a count that is not a number',
      {
        status: true,
        data: [{ category_id: '1', category_name: 'A', category_name_ar: '', image: null, product_total: 'many' }],
      },
      'field "data.0.product_total" expected a number or a number as text',
    ],
    [
      'a fractional id',
      {
        status: true,
        data: [{ category_id: '1.5', category_name: 'A', category_name_ar: '', image: null, product_total: '1' }],
      },
      'field "data.0.category_id" expected a whole number',
    ],
  ])('names the operation and the field for %s', (_label, body, text) => {
    const error = thrownBy(StoreError, () => parseWith(categoriesBody, body, ctx));
    expect(error.code).toBe('BAD_RESPONSE');
    expect(error.operation).toBe('categories');
    expect(error.message).toContain('categories: unexpected response');
    expect(error.message).toContain(text);
  });

  it('accepts write answers with or without status and message', () => {
    expect(parseWith(writeBody, {}, ctx)).toEqual({});
    expect(parseWith(writeBody, { status: true, message: 'Product updated' }, ctx)).toEqual({
      status: true,
      message: 'Product updated',
    });
    expect(thrownBy(StoreError, () => parseWith(writeBody, [1], ctx)).code).toBe('BAD_RESPONSE');
  });
});

describe('parseVendorStore', () => {
  const userInfo = {
    vendor_id: '4242',
    email: 'v@shop.test',
    store_name: 'Shop',
    store_name_ar: 'متجر',
    country: '1',
    time_zone: 'Asia/Kuwait',
    currency_title: 'KWD',
    product_limit: '1000',
    category_limit: '',
    brand_limit: null,
    has_tax: '1',
    courier_auth_key: 'SECRET-1',
    courier_secret_key: 'SECRET-2',
    payment_provider_api_key: 'SECRET-3',
  };

  it('drops the third-party secrets and reads the limits', () => {
    const store = parseVendorStore(userInfo, { ...ctx, operation: 'authorize' });
    expect(store).toMatchObject({ vendor_id: '4242', product_limit: 1000, category_limit: null, brand_limit: null });
    expect(store.raw.has_tax).toBe('1');
    expect(JSON.stringify(store)).not.toContain('SECRET');
  });

  it('names the field of user_info that does not fit, without its value', () => {
    const error = thrownBy(StoreError, () =>
      parseVendorStore({ ...userInfo, product_limit: 'lots' }, { ...ctx, operation: 'authorize' }),
    );
    expect(error.message).toContain('field "user_info.product_limit"');
    expect(error.message).not.toContain('lots');
  });
});
