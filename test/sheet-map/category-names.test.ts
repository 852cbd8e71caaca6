/**
 * A `category` or `sub_category` cell read by its English or Arabic name, as an operator types it,
 * against a store's list: each spelling variant, a name two categories share, an unknown name with
 * the closest the store has, and the list asked for once (only when a cell names a category).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Category } from '../../src/api-types.ts';
import { textOf } from '../../src/messages/index.ts';
import { nameKey } from '../../src/sheet/map/category-names.ts';
import { openSheet } from '../../src/sheet/open.ts';
import type { SheetRowResult } from '../../src/sheet/types.ts';
import { useTempDir } from '../helpers/use-world.ts';

function category(id: number, name: string, nameAr: string): Category {
  return { category_id: id, category_name: name, category_name_ar: nameAr, image: null, product_total: 0 };
}

const STORE: readonly Category[] = [
  category(4, 'Perfumes', 'عطور'),
  category(7, 'Home Care', 'العناية بالمنزل'),
  category(8, 'Sweets', 'حلوى'),
  category(9, 'Gifts', 'هدية'),
  category(10, 'Electronics', 'إلكترونيات'),
  category(11, 'Oud', 'عود'),
  category(12, 'OUD ', 'دهن العود'),
];

const tmp = useTempDir('category-names', { once: true });

/** A sheet of one row per category cell; the list's source counts its calls. */
async function readCategories(
  cells: readonly string[],
  list: () => Promise<readonly Category[]> = () => Promise.resolve(STORE),
): Promise<{ rows: SheetRowResult[]; calls: number; names: unknown }> {
  const file = join(tmp.dir, `sheet-${Math.random().toString(36).slice(2)}.csv`);
  const lines = ['title,sale_price,category', ...cells.map((cell, i) => `Item ${i},5,"${cell}"`)];
  await writeFile(file, `${lines.join('\n')}\n`);
  let calls = 0;
  const opened = await openSheet(file, {
    categories: () => {
      calls += 1;
      return list();
    },
  });
  const rows: SheetRowResult[] = [];
  for await (const row of opened.rows()) rows.push(row);
  // A second pass (the console plans, then sends) asks nothing more.
  for await (const row of opened.rows()) void row;
  return { rows, calls, names: opened.categoryNames };
}

function categoryOf(row: SheetRowResult | undefined): unknown {
  return row?.plan?.kind === 'create' ? row.plan.payload.category : row?.issues.map((i) => i.code);
}

describe('a category by its name', () => {
  it.each([
    ['case', 'pERFUMES', 4],
    ['spacing', '  home    care ', 7],
    ['spacing inside an Arabic name', 'العناية  بالمنزل', 7],
    ['a space left out', 'HomeCare', 7],
    ['tatweel', 'عـــطور', 4],
    ['harakat', 'عُطُور', 4],
    ['alef without hamza', 'الكترونيات', 10],
    ['alef with madda', 'آلكترونيات', 10],
    ['alef wasla', 'ٱلكترونيات', 10],
    ['hamza above for below', 'ألكترونيات', 10],
    ['haa for taa marbuta', 'هديه', 9],
    ['yaa for alef maqsura', 'حلوي', 8],
    ['the Arabic name as the store has it', 'إلكترونيات', 10],
  ])('%s: %j is read as %i', async (_what, cell, id) => {
    const { rows, calls } = await readCategories([cell]);
    expect(categoryOf(rows[0])).toBe(id);
    expect(calls).toBe(1);
  });

  it('keeps reading ids and the dropdown text, and asks nothing of the store for them', async () => {
    const { rows, calls } = await readCategories(['3', '6 - Books', '٤']);
    expect(rows.map(categoryOf)).toEqual([3, 6, 4]);
    expect(calls).toBe(0);
  });

  it('asks for the list once for a whole sheet of names, and says which names were read as which ids', async () => {
    const { rows, calls, names } = await readCategories(['Perfumes', 'عطور', 'perfumes', 'Sweets', '4']);
    expect(rows.map(categoryOf)).toEqual([4, 4, 4, 8, 4]);
    expect(calls).toBe(1);
    expect(names).toEqual([
      { column: 'category', text: 'Perfumes', id: 4, name: 'Perfumes', nameAr: 'عطور' },
      { column: 'category', text: 'عطور', id: 4, name: 'Perfumes', nameAr: 'عطور' },
      { column: 'category', text: 'Sweets', id: 8, name: 'Sweets', nameAr: 'حلوى' },
    ]);
  });

  it('refuses a name two categories share, naming both ids, in either language', async () => {
    const { rows } = await readCategories(['oud']);
    const issue = rows[0]?.issues[0];
    expect(rows[0]?.plan).toBeNull();
    expect(issue).toMatchObject({ row: 2, column: 'category', code: 'ambiguous_category', severity: 'error' });
    expect(issue?.message).toBe(
      `category: "oud" is the name of more than one of the store's categories: \u2068"Oud" (11)\u2069, \u2068"OUD " (12)\u2069; type the id of the one meant`,
    );
    expect(textOf(issue!, 'ar')).toContain('(11)');
    expect(textOf(issue!, 'ar')).toContain('(12)');
    expect(textOf(issue!, 'ar')).toMatch(/^category: "oud" اسم لأكثر من تصنيف/);
    // Each name isolated with its id, the Arabic comma between them: a browser keeps each pair whole.
    expect(textOf(issue!, 'ar')).toContain('\u2068"Oud" (11)\u2069، \u2068"OUD " (12)\u2069؛');
  });

  it('refuses an unknown name with the closest names the store has, in the language it was typed in', async () => {
    const { rows } = await readCategories(['Perfum', 'عطر']);
    const english = rows[0]?.issues[0];
    expect(english).toMatchObject({ row: 2, column: 'category', code: 'unknown_category_name', severity: 'error' });
    expect(english?.message).toMatch(
      /^category: the store has no category named "Perfum"; its closest are \u2068"Perfumes" \(4\)\u2069, \u2068/,
    );
    const arabic = rows[1]?.issues[0];
    expect(arabic).toMatchObject({ row: 3, code: 'unknown_category_name' });
    expect(textOf(arabic!, 'ar')).toMatch(
      /^category: لا يوجد في المتجر تصنيف باسم "عطر"؛ أقرب تصنيفاته \u2068"عطور" \(4\)\u2069، \u2068/,
    );
  });

  it('reads ids still when the list cannot be fetched, and says why a name is not read', async () => {
    const { rows, calls } = await readCategories(['Perfumes', '4', 'Sweets'], () =>
      Promise.reject(new Error('categories: the store did not answer')),
    );
    expect(calls).toBe(1);
    expect(rows.map(categoryOf)).toEqual([['category_list_unavailable'], 4, ['category_list_unavailable']]);
    expect(rows[0]?.issues[0]?.message).toContain('(categories: the store did not answer)');
  });

  it('reads a sub-category by its name too', async () => {
    const file = join(tmp.dir, 'sub.csv');
    await writeFile(file, 'title,sale_price,category,sub_category\nTea,5,Sweets,هديه\n');
    const opened = await openSheet(file, { categories: () => Promise.resolve(STORE) });
    const rows: SheetRowResult[] = [];
    for await (const row of opened.rows()) rows.push(row);
    expect(rows[0]?.plan).toMatchObject({ kind: 'create', payload: { category: 8, sub_category: 9 } });
  });

  it('keys spellings of one name alike', () => {
    expect(nameKey('Home & Kitchen')).toBe(nameKey(' home&KITCHEN '));
    expect(nameKey('المنزل والمطبخ')).toBe(nameKey('المنزل و المطبخ'));
    expect(nameKey('عطور')).not.toBe(nameKey('عطر'));
  });
});
