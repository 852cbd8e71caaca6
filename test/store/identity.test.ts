import { describe, expect, it } from 'vitest';
import { describeStore, parseStoreIdentity, sameStore, storeIdentityOf, storeScope } from '../../src/store/identity.ts';

describe('storeScope', () => {
  it('is per store and account, case-insensitive in the e-mail, and does not show the e-mail', () => {
    const a = storeScope({ url: 'https://shop.example/', account: 'Vendor@x.test' });
    expect(a).toBe(storeScope({ url: 'https://shop.example', account: 'vendor@x.test' }));
    expect(a).not.toBe(storeScope({ url: 'https://other.example', account: 'vendor@x.test' }));
    expect(a).not.toBe(storeScope({ url: 'https://shop.example', account: 'other@x.test' }));
    expect(a).toMatch(/^[0-9a-f]{16}$/);
  });

  it('keeps the scope earlier versions named ledger files and Redis keys with', () => {
    // A changed hash would strand every existing ledger (file name and Redis key carry it).
    expect(storeScope({ url: 'http://127.0.0.1:8080', account: 'vendor@example.com' })).toBe('5e79298f0384cf56');
  });
});

describe('store identity', () => {
  it('comes from the configuration, naming the setting that is missing', () => {
    expect(storeIdentityOf({ storeUrl: 'https://a.example/', storeEmail: ' v@a.example ' })).toEqual({
      id: 'default',
      url: 'https://a.example',
      account: 'v@a.example',
    });
    expect(() => storeIdentityOf({ storeEmail: 'v@a.example' })).toThrow('STORE_URL: is not set');
    expect(() => storeIdentityOf({ storeUrl: 'https://a.example' })).toThrow('STORE_EMAIL: is not set');
  });

  it('tells two stores apart by URL and account, not by name', () => {
    const a = { url: 'https://a.example', account: 'v@a.example', name: 'A' };
    expect(sameStore(a, { url: 'https://A.example/', account: 'V@a.example', name: 'other name' })).toBe(true);
    expect(sameStore(a, { url: 'https://b.example', account: 'v@a.example' })).toBe(false);
  });

  it('is described for people with its name when known', () => {
    expect(describeStore({ url: 'https://a.example', account: 'v@a.example', name: 'Riyadh Perfumes' })).toBe(
      'Riyadh Perfumes (https://a.example, v@a.example)',
    );
    expect(describeStore({ url: 'https://a.example', account: 'v@a.example' })).toBe('https://a.example, v@a.example');
  });

  it('is read back only when whole', () => {
    expect(parseStoreIdentity({ url: 'https://a.example', account: 'v@a.example', name: 'A' })).toEqual({
      url: 'https://a.example',
      account: 'v@a.example',
      name: 'A',
    });
    expect(parseStoreIdentity({ url: 'https://a.example' })).toBeNull();
    expect(parseStoreIdentity('https://a.example')).toBeNull();
    expect(parseStoreIdentity(null)).toBeNull();
  });
});
