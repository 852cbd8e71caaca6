/**
 * The catalogue is complete: every row-issue code the code base uses has an entry, every entry
 * says in both languages only what its parameters give it, and an Arabic text is Arabic.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, LANGS, messageText, ref, said, textOf } from '../../src/messages/index.ts';
import type { Entry } from '../../src/messages/types.ts';
import { SRC, sourceFiles } from './source-files.ts';

const ARABIC = /[\u0600-\u06FF]/;
const entries = Object.entries(CATALOGUE as Record<string, Entry>);

/** Every `said('key'`, `ref('key'` and cell `fail(ctx, 'code', 'key'` / `noted(...)` in src/. */
async function usedKeysAndCodes(): Promise<{ keys: Set<string>; codes: Set<string> }> {
  const keys = new Set<string>();
  const codes = new Set<string>();
  for (const file of await sourceFiles(SRC)) {
    if (file.includes('/messages/') || file.includes('/sandbox/')) continue;
    const text = await readFile(file, 'utf8');
    for (const m of text.matchAll(/\b(?:said|ref)\(\s*'([^']+)'/g)) keys.add(m[1]!);
    for (const m of text.matchAll(/\bfail\(\s*ctx,\s*'([^']+)',\s*'([^']+)'/g)) {
      codes.add(m[1]!);
      keys.add(m[2]!);
    }
    for (const m of text.matchAll(/\bnoted\(\s*ctx,[^,]+,\s*'([^']+)',\s*'([^']+)'/g)) {
      codes.add(m[1]!);
      keys.add(m[2]!);
    }
    // Row issues (src/sheet/read/ is about whole files, not rows) and the ledger's row outcomes.
    if ((file.includes('/sheet/') && !file.includes('/sheet/read/')) || file.endsWith('ledger/rules.ts')) {
      for (const m of text.matchAll(/\bcode:\s*'([a-z_]+)'/g)) codes.add(m[1]!);
      for (const m of text.matchAll(/\bissue\(\s*input,\s*[^,]+,\s*'([a-z_]+)'/g)) codes.add(m[1]!);
      for (const m of text.matchAll(/\bfail\(\s*input,\s*[^,]+,\s*'([a-z_]+)'/g)) codes.add(m[1]!);
    }
  }
  return { keys, codes };
}

describe('the message catalogue', () => {
  it('has an entry for every key and every row-issue code used in src/', async () => {
    const { keys, codes } = await usedKeysAndCodes();
    expect(keys.size).toBeGreaterThan(40);
    expect([...keys].filter((key) => !(key in CATALOGUE))).toEqual([]);
    // A code is its own key, or the prefix of its variants (`required` -> `required.create`).
    const known = Object.keys(CATALOGUE);
    const without = [...codes].filter((code) => !known.some((key) => key === code || key.startsWith(`${code}.`)));
    // Codes whose message has a key of another name: the ledger's outcomes, and duplicates (one frame).
    const named: Record<string, string> = {
      interrupted_create: 'ledger.interrupted_own',
      confirmed_before_restart: 'ledger.confirmed',
      create_in_progress: 'ledger.in_progress',
      duplicate_: 'duplicate_value',
    };
    for (const key of Object.values(named)) expect(known).toContain(key);
    expect(without.filter((code) => !Object.keys(named).some((p) => code.startsWith(p)))).toEqual([]);
  });

  it.each(entries)('%s: both languages use only the parameters it names, and the Arabic is Arabic', (key, found) => {
    for (const lang of LANGS) {
      const asked = new Set<string>();
      const params = new Proxy<Record<string, string>>(
        {},
        {
          get(_target, name) {
            if (typeof name === 'string') asked.add(name);
            return `‹${String(name)}›`;
          },
        },
      );
      const text = found[lang](params);
      expect([...asked].filter((name) => !found.params.includes(name))).toEqual([]);
      expect(text.trim()).not.toBe('');
      expect(text).not.toMatch(/undefined|\[object/);
      if (lang === 'ar' && key !== 'with_column') expect(text).toMatch(ARABIC);
      // No invisible direction marks: a command or #empty copied from a message must work as typed.
      expect(text).not.toMatch(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    }
  });

  it('renders nested messages and lists in the reader’s language', () => {
    const notes = [
      ref('currency_removed', { column: 'سعر البيع', value: '"SAR 12"', number: 12, currency: 'SAR' }),
      ref('identifier_full_digits', {
        column: 'barcode',
        sent: '6291041500213',
        format: '0.00E+00',
        shown: '6.29E+12',
      }),
    ];
    const text = said('with_notes', { message: ref('done.create', { store: 'Product added' }), notes });
    expect(text.message).toBe(
      `Product added; سعر البيع: "SAR 12" read as 12 (the currency SAR removed); barcode: sent as 6291041500213, the cell's full digits (its number format 0.00E+00 shows 6.29E+12)`,
    );
    expect(textOf(text, 'ar')).toBe(
      'أُنشئ المنتج؛ سعر البيع: قُرئت "SAR 12" على أنها 12 (بعد حذف العملة SAR)؛ barcode: أُرسل 6291041500213 بأرقام الخلية كاملة (تنسيقها الرقمي 0.00E+00 يعرض 6.29E+12)',
    );
  });

  it('keeps the store’s own words inside a translated frame', () => {
    const failed = said('store.said', { text: 'Invalid category id' });
    expect(failed.message).toBe('Invalid category id');
    expect(textOf(failed, 'ar')).toBe('ردّ المتجر: Invalid category id');
    const unreachable = said('store.failed', {
      code: 'NOT_SENT',
      detail: 'create_product: the request could not be sent (ECONNREFUSED) [NOT_SENT, 3 attempts]',
    });
    expect(textOf(unreachable, 'ar')).toBe(
      'لم يُرسل الطلب إلى المتجر (create_product: the request could not be sent (ECONNREFUSED) [NOT_SENT, 3 attempts])',
    );
  });

  it('gives back the English message for a row without a key, or a key this version does not know', () => {
    expect(textOf({ message: 'from an older report' }, 'ar')).toBe('from an older report');
    expect(textOf({ message: 'newer', messageKey: 'not_in_catalogue', params: {} }, 'ar')).toBe('newer');
    expect(() => messageText('not_in_catalogue', {}, 'en')).toThrow(/not_in_catalogue/);
  });
});
