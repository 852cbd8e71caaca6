import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  SECRET_FIELDS,
  SECRET_MARKER,
  SECRET_VALUES,
  withSandbox,
} from '../../src/sandbox/index.ts';
import { call, login, storeErrorBody } from './helpers.ts';

/** Every user_info field the reference lists. */
const USER_INFO_FIELDS =
  `vendor_id email phone address1 address1_ar address2 address2_ar web_page_title details about_us
about_us_ar store_name store_name_ar store_type store_domain logo default_image default_image_url country country_name
currency_title currency_title_ar multi_country_delivery delivery_countries time_zone schedule_interval
default_preparation_time payment_methods external_country_cash has_fundnumber fundnumber_label fundnumber_label_ar
fundnumber_mandatory conversion_rate country_tax has_tax tax_number sms_status_update_customer brand_limit category_limit
product_limit catering_service celebrity_module change_all_delivery_status digital_products dinein_booking
dinein_booking_limit dinein_deposit_amount driver_module extras_inventory free_delivery_amount has_pos invoice_link_on
courier_auth_key courier_secret_key courier_status payment_provider_api_key products_inventory product_comment_label
product_comment_label_ar product_preparation_time product_weight special_price_per_country sub_category suppliers_module
template vendorapp_product_management sub_user`.split(/\s+/);

describe('POST /v1/authorization', () => {
  it('logs in with the demo credentials and returns a signed HS256 JWT with exp, absolute expires_in and user_info', async () => {
    await withSandbox({}, async (sandbox) => {
      expect(sandbox.email).toBe(DEMO_EMAIL);
      expect(sandbox.password).toBe(DEMO_PASSWORD);
      const before = Math.floor(Date.now() / 1000);
      const answer = await login(sandbox);
      expect(answer.status).toBe(true);
      expect(answer.message).toBe('Login successful');
      expect(decodeProtectedHeader(answer.access_token).alg).toBe('HS256');
      const claims = decodeJwt(answer.access_token);
      expect(claims.exp).toBe(answer.expires_in);
      expect(answer.expires_in).toBeGreaterThanOrEqual(before + 3600);
      expect(answer.expires_in).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
    });
  });

  it('gives expires_in as a duration when asked', async () => {
    await withSandbox({ expiresInStyle: 'duration', tokenTtlSeconds: 120 }, async (sandbox) => {
      const answer = await login(sandbox);
      expect(answer.expires_in).toBe(120);
    });
  });

  it('returns every user_info field of the reference, secrets marked, product_limit from the options', async () => {
    await withSandbox({ productLimit: 25 }, async (sandbox) => {
      const { user_info } = await login(sandbox);
      expect(Object.keys(user_info).sort()).toEqual([...USER_INFO_FIELDS].sort());
      for (const field of SECRET_FIELDS) expect(String(user_info[field])).toContain(SECRET_MARKER);
      expect(SECRET_FIELDS.map((field) => user_info[field])).toEqual(SECRET_VALUES);
      expect(user_info.product_limit).toBe('25');
      expect(user_info.email).toBe(DEMO_EMAIL);
      expect(user_info.sub_user).toBe(0);
      expect(user_info.store_type).toBe('selling');
      expect(user_info.conversion_rate).toMatch(/^\d+\.\d{4}$/);
    });
  });

  it('accepts custom credentials', async () => {
    await withSandbox({ email: 'me@shop.test', password: 'pw' }, async (sandbox) => {
      const ok = await call(sandbox, 'POST', '/v1/authorization', { body: { email: 'me@shop.test', password: 'pw' } });
      expect(ok.status).toBe(200);
      const demo = await call(sandbox, 'POST', '/v1/authorization', {
        body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      });
      expect(demo.status).toBe(400);
    });
  });

  it.each([
    ['a wrong password', { email: DEMO_EMAIL, password: 'wrong' }],
    ['a wrong e-mail', { email: 'x@y.test', password: DEMO_PASSWORD }],
    ['no fields', {}],
    ['a non-string password', { email: DEMO_EMAIL, password: 12 }],
  ])('answers 400 Invalid Access! for %s', async (_name, body) => {
    await withSandbox({}, async (sandbox) => {
      const answer = await call(sandbox, 'POST', '/v1/authorization', { body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(storeErrorBody(400, 'Invalid Access!'));
    });
  });

  it('answers 400 Access denied to a body that is not JSON', async () => {
    await withSandbox({}, async (sandbox) => {
      const answer = await call(sandbox, 'POST', '/v1/authorization', { rawBody: '{"email": ' });
      expect(answer.body).toEqual(storeErrorBody(400, 'Access denied'));
    });
  });

  it('issues a different token on every login and records the password redacted', async () => {
    await withSandbox({}, async (sandbox) => {
      const a = await login(sandbox);
      const b = await login(sandbox);
      expect(a.access_token).not.toBe(b.access_token);
      const [first] = sandbox.requests();
      expect(first?.body).toEqual({ email: DEMO_EMAIL, password: '[redacted]' });
      expect(JSON.stringify(sandbox.requests())).not.toContain(DEMO_PASSWORD);
    });
  });
});
