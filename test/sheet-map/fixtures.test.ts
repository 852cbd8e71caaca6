/** One fixture per scenario (test/fixtures/map/), read through openSheet: exact issue lists. */
import { describe, expect, it } from 'vitest';
import { fixture, readFixture, type IssueTuple } from './helpers.ts';

describe('sheet fixtures', () => {
  it('arabic-headers.csv: Arabic headers, Arabic-Indic digits, thousands separators, Arabic flags', async () => {
    const { results, issues } = await readFixture('arabic-headers.csv');
    expect(issues).toEqual([]);
    expect(results.map((r) => r.plan)).toEqual([
      {
        kind: 'create',
        payload: {
          title: 'Dates',
          title_ar: 'تمر سكري',
          sale_price: 65.5,
          category: 5,
          barcode: '628100',
          featured: 1,
        },
      },
      {
        kind: 'create',
        payload: { title: 'Cups', title_ar: 'فناجين', sale_price: 1250, category: 3, barcode: '628101', featured: 0 },
      },
    ]);
  });

  it('bad-values.csv: every bad cell is its own error naming the column', async () => {
    const { results, issues } = await readFixture('bad-values.csv');
    expect(issues).toEqual([
      [2, 'sale_price', 'not_a_number', 'error'],
      [2, 'featured', 'not_a_flag', 'error'],
      [3, 'sale_price', 'out_of_range', 'error'],
      [3, 'category', 'category_name_offline', 'error'],
      [3, 'weight', 'not_a_number', 'error'],
      [3, 'sort_order', 'not_whole', 'error'],
    ]);
    expect(results[0]?.issues[0]?.message).toBe('sale_price: "12,5O" is not a number (expected e.g. 12.50)');
    expect(results.map((r) => r.plan)).toEqual([null, null]);
  });

  it('semicolon-decimal-comma.csv: decimal comma and dot thousands; a bare 1.234 is ambiguous', async () => {
    const { results, issues } = await readFixture('semicolon-decimal-comma.csv');
    expect(results[0]?.plan).toEqual({
      kind: 'create',
      payload: { title: 'Tea', sale_price: 12.5, purchase_price: 1234.5, category: 3 },
    });
    expect(issues).toEqual([[3, 'sale_price', 'ambiguous_number', 'error']]);
  });

  it('duplicates.csv: the later row is in error and names the earlier one', async () => {
    const { results, issues } = await readFixture('duplicates.csv');
    expect(issues).toEqual([
      [4, 'product_id', 'duplicate_product_id', 'error'],
      [5, 'barcode', 'duplicate_barcode', 'error'],
    ]);
    expect(results[2]?.issues[0]?.message).toContain('already on row 2');
    expect(results[3]?.issues[0]?.message).toContain('already on row 2');
  });

  it('actions.csv: default rules, explicit actions (Arabic too), and their errors', async () => {
    const { results, issues } = await readFixture('actions.csv');
    expect(results.map((r) => r.plan)).toEqual([
      { kind: 'status', payload: { product_id: 1042, product_status: 2 } },
      { kind: 'update', payload: { title: 'New name', product_id: 1043 }, status: 1 },
      { kind: 'create', payload: { title: 'Fresh', sale_price: 10, category: 3 } },
      { kind: 'skip', reason: 'action column says skip' },
      { kind: 'status', payload: { product_id: 1044, product_status: 0 } },
      null,
      null,
      null,
      null,
    ]);
    expect(issues).toEqual([
      [7, 'product_status', 'create_with_status', 'error'],
      [8, 'product_status', 'required', 'error'],
      [9, 'action', 'bad_action', 'error'],
      [10, null, 'nothing_to_update', 'error'],
    ]);
    expect(results[5]?.issues[0]?.message).toContain('returns no product id');
  });

  it('mojibake-1256.csv: UTF-8 Arabic read as Windows-1256 is an error; genuine Arabic passes', async () => {
    const { results, issues } = await readFixture('mojibake-1256.csv');
    expect(issues).toEqual([[2, 'title_ar', 'mojibake', 'error']]);
    expect(results[1]?.plan).toEqual({
      kind: 'create',
      payload: { title: 'Tea', title_ar: 'شاي', sale_price: 5, category: 3 },
    });
  });

  it('unknown-and-report-columns.csv: unknown columns once with a suggestion; report columns ignored; row -> originalRow', async () => {
    const { results, issues, headerIssues } = await readFixture('unknown-and-report-columns.csv');
    expect(issues).toEqual([
      [1, 'Sale Prise', 'unknown_column', 'warning'],
      [1, 'Colour', 'unknown_column', 'warning'],
      [2, 'sale_price', 'required', 'error'],
      [3, 'sale_price', 'required', 'error'],
    ]);
    expect(headerIssues[0]?.message).toContain('Did you mean "sale_price"?');
    expect(results.map((r) => r.originalRow)).toEqual([7, 12]);
  });

  it('brands.csv: a CSV with brand columns only is a brand sheet', async () => {
    const { kind, results, issues } = await readFixture('brands.csv');
    expect(kind).toBe('brands');
    expect(results[0]?.plan).toEqual({
      kind: 'brand',
      payload: { brand_id: 1, brand_name: 'Acme', brand_name_ar: 'أكمي' },
    });
    expect(issues).toEqual([
      [3, 'Brand Name (Arabic)', 'required', 'error'],
      [4, 'Brand ID', 'not_an_id', 'error'],
      [5, 'Brand ID', 'duplicate_brand_id', 'error'],
    ]);
  });

  it('empty-token.csv: #empty sends an empty text; blank cells are left out; #empty on a number is an error', async () => {
    const { results, issues } = await readFixture('empty-token.csv');
    expect(results[0]?.plan).toEqual({ kind: 'update', payload: { title_ar: '', description: '', product_id: 1042 } });
    expect(issues).toEqual([
      [3, 'sale_price', 'empty_not_allowed', 'error'],
      [3, 'title_ar', 'arabic_without_base', 'warning'],
    ]);
  });

  it('other-system.csv + other-system.yaml: a --columns map names foreign headers', async () => {
    const { results, issues } = await readFixture('other-system.csv', { columns: fixture('other-system.yaml') });
    expect(results[0]?.plan).toEqual({ kind: 'create', payload: { title: 'Tea', sale_price: 5, category: 3 } });
    expect(issues).toEqual([[1, 'Warehouse', 'unknown_column', 'warning']]);
  });

  it('bidi-and-blank.csv: bidi marks removed, text trimmed, Arabic otherwise exact', async () => {
    const { results } = await readFixture('bidi-and-blank.csv');
    expect(results[0]?.plan).toEqual({ kind: 'update', payload: { title: 'Tea', title_ar: 'شاي', product_id: 1042 } });
    expect(results.map((r) => r.row)).toEqual([2, 4]);
  });

  // Scenarios told by their issues alone: the exact list, and what each row becomes (null: not sent).
  it.each<[file: string, shows: string, issues: IssueTuple[], plans: (string | null)[]]>([
    [
      'incomplete-options.csv',
      'option columns that do not form an option',
      [
        [2, 'product_option.1.title', 'incomplete_option', 'error'],
        [3, 'option1 title', 'incomplete_option', 'error'],
        [4, 'option1 values', 'not_an_id', 'error'],
      ],
      [null, null, null],
    ],
    [
      'mojibake-1252.csv',
      'Ø§Ù and Ã© patterns are errors',
      [
        [2, 'title', 'mojibake', 'error'],
        [2, 'title_ar', 'mojibake', 'error'],
      ],
      [null],
    ],
    [
      'duplicate-columns.csv',
      'two headers for one field is a header error and no row is sent',
      [
        [1, 'sale_price', 'duplicate_column', 'error'],
        [2, null, 'header_error', 'error'],
      ],
      [null],
    ],
    [
      'bilingual.csv',
      '_ar without base, and base without _ar when the _ar column exists, are warnings',
      [
        [2, 'title_ar', 'arabic_without_base', 'warning'],
        [2, 'description_ar', 'arabic_without_base', 'warning'],
        [3, 'title_ar', 'base_without_arabic', 'warning'],
      ],
      ['update', 'update', 'update'],
    ],
  ])('%s: %s', async (file, _shows, issues, plans) => {
    const read = await readFixture(file);
    expect(read.issues).toEqual(issues);
    expect(read.results.map((r) => r.plan?.kind ?? null)).toEqual(plans);
  });
});
