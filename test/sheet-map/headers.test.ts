/** Header matching, aliases, kind detection and --columns maps (src/sheet/map/headers.ts, column-map.ts). */
import { describe, expect, it } from 'vitest';
import { parseColumnMap } from '../../src/sheet/map/column-map.ts';
import { detectKind, planHeaders } from '../../src/sheet/map/headers.ts';
import { resolveTarget } from '../../src/sheet/map/targets.ts';
import { canonicalName } from '../../src/sheet/map/targets.ts';
import { SheetFileError } from '../../src/sheet/types.ts';
import { tuples } from './helpers.ts';

function canonical(header: string): string | null {
  const target = resolveTarget(header, 'products');
  return target ? canonicalName(target) : null;
}

describe('resolveTarget (products)', () => {
  it.each<[string, string | null]>([
    ['title', 'title'],
    ['  Title ', 'title'],
    ['\uFEFFtitle', 'title'],
    ['TITLE_AR', 'title_ar'],
    ['Title-Ar', 'title_ar'],
    ['title ar', 'title_ar'],
    ['Sale Price', 'sale_price'],
    ['salePrice', 'sale_price'],
    ['Price', 'sale_price'],
    ['السعر', 'sale_price'],
    ['العنوان', 'title'],
    ['Name (Arabic)', 'title_ar'],
    ['الاسم بالعربية', 'title_ar'],
    ['التصنيف', 'category'],
    ['category_id', 'category'],
    ['product_id', 'product_id'],
    ['ID', 'product_id'],
    ['status', 'product_status'],
    ['action', 'action'],
    ['prices.SA', 'prices.SA'],
    ['Prices.sa', 'prices.sa'],
    ['celebrity.0', 'celebrity.0'],
    ['celebrity.02', 'celebrity.2'],
    ['product_option.0.title', 'product_option.0.title'],
    ['product_option.1.option_values', 'product_option.1.option_values'],
    ['Product Option.0.Title AR', 'product_option.0.title_ar'],
    ['option1 title', 'product_option.0.title'],
    ['Option 2 Values', 'product_option.1.option_values'],
    ['option1', 'product_option.0.title'],
    ['option 1 type', 'product_option.0.type'],
    ['الخيار ١ العنوان', 'product_option.0.title'],
    ['option0 title', null],
    ['product_option.0.colour', null],
    ['Colour', null],
    ['', null],
  ])('%j -> %j', (header, expected) => {
    expect(canonical(header)).toBe(expected);
  });
});

describe('planHeaders', () => {
  it('warns of up to 10 unknown columns one by one, and of more in one warning naming the count and the first 5', () => {
    const unknown = (n: number): string[] => Array.from({ length: n }, (_, i) => `Extra ${i + 1}`);
    expect(tuples(planHeaders(['title', ...unknown(10)], 'products').issues)).toHaveLength(10);
    const many = planHeaders(['title', 'Extra 1', 'title', ...unknown(16_384).slice(1)], 'products');
    expect(tuples(many.issues)).toEqual([
      [1, null, 'unknown_columns', 'warning'],
      [1, 'title', 'duplicate_column', 'error'],
    ]);
    expect(many.issues[0]?.message).toBe(
      '16,384 unknown columns: not sent; the first: "Extra 1", "Extra 2", "Extra 3", "Extra 4", "Extra 5" (give them fields in the sheet\'s column mapping, or rename the headers)',
    );
  });

  it('reports unknown columns once with a suggestion, and duplicates as errors on the later header', () => {
    const plan = planHeaders(
      ['title', 'Sale Prise', 'Price', 'sale_price', 'outcome', 'row', 'Whatever Column'],
      'products',
    );
    expect(tuples(plan.issues)).toEqual([
      [1, 'Sale Prise', 'unknown_column', 'warning'],
      [1, 'sale_price', 'duplicate_column', 'error'],
      [1, 'Whatever Column', 'unknown_column', 'warning'],
    ]);
    expect(plan.issues[0]?.message).toBe(
      'unknown column "Sale Prise": not sent. Did you mean "sale_price"? (give it a field in the sheet\'s column mapping, or rename the header)',
    );
    expect(plan.slots.map((s) => s.column.role)).toEqual([
      'target',
      'unknown',
      'target',
      'target',
      'ignored',
      'original_row',
      'unknown',
    ]);
  });
});

describe('detectKind', () => {
  it.each<[string[], 'products' | 'brands']>([
    [['brand_id', 'brand_name', 'brand_name_ar'], 'brands'],
    [['Brand ID', 'Brand Name', 'row', 'outcome'], 'brands'],
    [['brand_id'], 'products'],
    [['title', 'brand_id'], 'products'],
    [['brand_id', 'brand_name', 'sale_price'], 'products'],
    [['id', 'name', 'name ar'], 'products'],
  ])('%j -> %s', (headers, kind) => {
    expect(detectKind(headers)).toBe(kind);
  });
});

describe('column map', () => {
  it('maps any header (forgivingly) to a field or to ignore', () => {
    const map = parseColumnMap(
      'map.yaml',
      'columns:\n  Unit Price (SAR): sale_price\n  Notes: ignore\n  Old Name: Name (Arabic)\n',
    );
    expect(map.lookup('unit price (sar) ')).toBe('sale_price');
    expect(map.lookup('NOTES')).toBeNull();
    expect(map.lookup('Old Name')).toBe('title_ar');
    expect(map.lookup('Other')).toBeUndefined();
    const plan = planHeaders(['Unit Price (SAR)', 'Notes', 'Old Name'], 'products', map);
    expect(plan.issues).toEqual([]);
    expect(
      plan.slots.map((s) => (s.column.role === 'target' ? canonicalName(s.column.target) : s.column.role)),
    ).toEqual(['sale_price', 'ignored', 'title_ar']);
  });

  it.each<[string, string]>([
    ['columns:\n  SKU Name: titel\n', 'map.yaml: columns."SKU Name": "titel" is not a field (did you mean "title"?)'],
    ['colums:\n  a: title\n', 'map.yaml: '],
    ['columns: [a, b]\n', 'map.yaml: columns: '],
    ['columns:\n  a: [1]\n', 'map.yaml: columns.a: '],
    ['columns:\n  Name: title\n  NAME: title_ar\n', 'map.yaml: columns."NAME": this header is listed twice'],
    ['columns: {a: title\n', 'map.yaml: not valid YAML'],
  ])('rejects %j naming the file and key', (text, start) => {
    let error: unknown;
    try {
      parseColumnMap('map.yaml', text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SheetFileError);
    expect((error as SheetFileError).message.startsWith(start)).toBe(true);
  });
});
