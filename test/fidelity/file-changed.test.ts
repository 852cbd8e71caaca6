/**
 * A sheet saved again (or still being copied) while catalog-sync reads it: every row that leaves
 * comes from the file as it was when reading began, the one its check pass read; a change is an
 * error (`file_changed`) before any row read after it is handed on. Excel and LibreOffice save
 * by writing a new file and renaming it over the old one; `cp` and slow uploads write in place.
 */
import { appendFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSheet } from '../../src/sheet/open.ts';
import { SheetFileError } from '../../src/sheet/types.ts';
import { PRODUCT_HEADERS, rowXml, workbook } from '../fixtures/read/make-crafted-xlsx.ts';
import { CHANGING_ROWS, writeChangingSheet } from '../sync/helpers/broken-sheet.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('file-changed', { once: true });

/** Rows of the workbook: short ones, enough for many reads of its compressed sheet. */
const WORKBOOK_ROWS = 20_000;

/** A products workbook of WORKBOOK_ROWS rows titled `${title} n`, big enough for many reads. */
function products(title: string): Buffer {
  const rows = [rowXml('1', PRODUCT_HEADERS)];
  for (let i = 2; i <= WORKBOOK_ROWS + 1; i++) {
    rows.push(rowXml(String(i), [`${title} ${i}`, `منتج ${i} ${(i * 7919) % 10007}`, 1, 10 + (i % 50), 6_000_000 + i]));
  }
  return workbook(rows.join(''));
}

interface Read {
  titles: string[];
  failure: unknown;
}

/** Reads the sheet's rows, calling `change` once the first row is in hand. */
async function readWhileChanging(file: string, change: () => Promise<void>): Promise<Read> {
  const sheet = await openSheet(file);
  const titles: string[] = [];
  let failure: unknown;
  try {
    for await (const row of sheet.rows()) {
      titles.push(String(row.cells?.[0] ?? ''));
      if (titles.length === 1) await change();
    }
  } catch (error) {
    failure = error;
  } finally {
    await sheet.close();
  }
  return { titles, failure };
}

function expectChanged({ titles, failure }: Read, oldTitle: RegExp, rows = CHANGING_ROWS): void {
  expect(failure).toBeInstanceOf(SheetFileError);
  expect((failure as SheetFileError).code).toBe('file_changed');
  expect((failure as Error).message).toContain('the file changed while it was being read');
  expect(titles.length).toBeGreaterThan(0);
  expect(titles.length).toBeLessThan(rows);
  expect(titles.every((title) => oldTitle.test(title))).toBe(true);
}

describe('a file changed while its rows are read', () => {
  it('CSV written to in place: the rows before the change, then file_changed', async () => {
    const file = join(tmp.dir, 'in-place.csv');
    await writeChangingSheet(file);
    expectChanged(await readWhileChanging(file, () => appendFile(file, 'Late,متأخر,,1,1,LATE\r\n')), /^Item \d+$/);
  });

  it('CSV saved over by rename (as Excel saves): no row of the new file', async () => {
    const file = join(tmp.dir, 'renamed.csv');
    await writeChangingSheet(file);
    const saved = join(tmp.dir, 'renamed.csv.new');
    await writeFile(saved, 'title,title_ar,category,sale_price,barcode\r\nNew,جديد,1,1,NEW\r\n');
    expectChanged(await readWhileChanging(file, () => rename(saved, file)), /^Item \d+$/);
  });

  it('XLSX written to in place: the rows before the change, then file_changed', async () => {
    const file = join(tmp.dir, 'in-place.xlsx');
    await writeFile(file, products('Old'));
    expectChanged(await readWhileChanging(file, () => appendFile(file, Buffer.alloc(10))), /^Old \d+$/, WORKBOOK_ROWS);
  });

  it('XLSX saved over by rename between its check and its rows: no row of the new workbook', async () => {
    const file = join(tmp.dir, 'renamed.xlsx');
    await writeFile(file, products('Old'));
    const saved = join(tmp.dir, 'renamed.xlsx.new');
    await writeFile(saved, products('New'));
    expectChanged(await readWhileChanging(file, () => rename(saved, file)), /^Old \d+$/, WORKBOOK_ROWS);
  });
});
