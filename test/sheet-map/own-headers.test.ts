/**
 * A sheet with Arabic headers hears of its columns by those headers: the messages that name a
 * field (a create's missing one, a language pair, the product id and status) say `التصنيف`,
 * `رقم المنتج`, `الحالة` as the sheet does, never the store's `category` or `product_id`.
 */
import { describe, expect, it } from 'vitest';
import { textOf } from '../../src/messages/index.ts';
import { createSheetMapper } from '../../src/sheet/map/mapper.ts';

const HEADERS = ['رقم المنتج', 'العنوان', 'العنوان بالعربي', 'السعر', 'التصنيف', 'الحالة', 'الإجراء'];

function messages(values: string[]): { en: string[]; ar: string[] } {
  const mapper = createSheetMapper(HEADERS);
  const issues = mapper.mapRow({ row: 2, values }).issues;
  return { en: issues.map((i) => i.message), ar: issues.map((i) => textOf(i, 'ar')) };
}

describe('messages name the columns as the sheet does', () => {
  it.each([
    ['a create without a category', ['', 'Tea', 'شاي', '5', '', '', ''], 'التصنيف'],
    ['a title without its Arabic', ['', 'Tea', '', '5', '4', '', ''], 'العنوان بالعربي'],
    ['a new product with an id', ['7', 'Tea', 'شاي', '5', '4', '', 'create'], 'رقم المنتج'],
    ['a new product with a status', ['', 'Tea', 'شاي', '5', '4', '1', ''], 'الحالة'],
    ['a status without an id', ['', '', '', '', '', '1', 'status'], 'رقم المنتج'],
    ['an update with nothing to change', ['7', '', '', '', '', '', ''], 'رقم المنتج'],
  ])('%s', (_what, values, header) => {
    const said = messages(values);
    for (const text of [...said.en, ...said.ar]) {
      expect(text).not.toMatch(/\b(category|product_id|product_status|title_ar|sale_price)\b/);
    }
    expect(said.en.join(' ')).toContain(header);
    expect(said.ar.join(' ')).toContain(header);
  });
});
