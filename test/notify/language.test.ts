import { describe, expect, it } from 'vitest';
import { notifyLanguage, storeLanguage, storeNameIn } from '../../src/notify/language.ts';

describe("a store's language", () => {
  it.each([
    ['an English name', { store_name: 'Riyadh Perfumes', store_name_ar: 'عطور الرياض' }, 'en'],
    ['an Arabic own name', { store_name: 'عطور الرياض', store_name_ar: 'عطور الرياض' }, 'ar'],
    ['an Arabic own name with digits', { store_name: 'متجر ٢٤', store_name_ar: '' }, 'ar'],
    ['a mixed own name', { store_name: 'عطور Riyadh', store_name_ar: 'عطور الرياض' }, 'en'],
    ['no own name, an Arabic one', { store_name: '', store_name_ar: 'عطور الرياض' }, 'ar'],
    ['no name at all', { store_name: ' ', store_name_ar: '' }, 'en'],
  ])('%s', (_name, store, lang) => {
    expect(storeLanguage(store)).toBe(lang);
  });

  it('is English when the store did not say (its login was refused)', () => {
    expect(storeLanguage(null)).toBe('en');
  });

  it('NOTIFY_LANG wins over the store', () => {
    const arabic = { store_name: 'عطور الرياض', store_name_ar: 'عطور الرياض' };
    expect(notifyLanguage('en', arabic)).toBe('en');
    expect(notifyLanguage('ar', { store_name: 'Shop', store_name_ar: '' })).toBe('ar');
    expect(notifyLanguage(null, arabic)).toBe('ar');
  });

  it("names the store in the mail's language", () => {
    const store = { store_name: 'Riyadh Perfumes', store_name_ar: 'عطور الرياض' };
    expect(storeNameIn('ar', store, 'x')).toBe('عطور الرياض');
    expect(storeNameIn('en', store, 'x')).toBe('Riyadh Perfumes');
    expect(storeNameIn('ar', { store_name: 'Shop', store_name_ar: '' }, 'x')).toBe('Shop');
    expect(storeNameIn('en', null, 'shop.example')).toBe('shop.example');
  });
});
