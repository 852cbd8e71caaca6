/**
 * exceljs 4.4.0's streaming reader decodes each zip chunk on its own, so a multi-byte character
 * split across two chunks becomes U+FFFD. Small fixtures never show it: this sheet is big enough
 * that the raw reader damages cells, and ours must return every cell intact.
 */
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSheetFile } from '../../src/sheet/read/index.ts';
import { arabicDescription, arabicTitle } from './arabic-text.ts';
import { useTempDir } from '../helpers/use-world.ts';

const ROWS = 20_000;
const tmp = useTempDir('sheet-read-arabic', { once: true });

async function writeSheet(file: string, useSharedStrings: boolean): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings });
  const sheet = writer.addWorksheet('Products');
  sheet.addRow(['title_ar', 'description_ar', 'sale_price']).commit();
  for (let i = 0; i < ROWS; i++) sheet.addRow([arabicTitle(i), arabicDescription(i), i + 0.5]).commit();
  sheet.commit();
  await writer.commit();
}

/** Counts damaged cells as the unpatched exceljs streaming reader returns them. */
async function rawExceljsDamage(file: string): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    styles: 'ignore',
  });
  let damaged = 0;
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      for (const value of row.values as unknown[]) if (typeof value === 'string' && value.includes('\uFFFD')) damaged++;
    }
  }
  return damaged;
}

describe.each([
  ['shared strings', true],
  ['inline strings', false],
])(`a ${ROWS}-row Arabic XLSX (%s)`, (_label, useSharedStrings) => {
  let file = '';
  beforeAll(async () => {
    file = join(tmp.dir, `arabic-${useSharedStrings ? 'shared' : 'inline'}.xlsx`);
    await writeSheet(file, useSharedStrings);
  });

  it('comes back with every cell intact and every row numbered as Excel shows it', async () => {
    const reader = await readSheetFile(file);
    expect(reader.headers).toEqual(['title_ar', 'description_ar', 'sale_price']);
    let count = 0;
    let mismatches = 0;
    for await (const row of reader.rows) {
      const i = row.row - 2;
      const same =
        row.values[0] === arabicTitle(i) && row.values[1] === arabicDescription(i) && row.values[2] === i + 0.5;
      if (!same) {
        mismatches++;
        if (mismatches === 1)
          expect(row).toEqual({ row: i + 2, values: [arabicTitle(i), arabicDescription(i), i + 0.5] });
      }
      count++;
    }
    expect(mismatches).toBe(0);
    expect(count).toBe(ROWS);
  });

  it('is large enough that the raw exceljs streaming reader damages it (the bug we avoid)', async () => {
    expect(await rawExceljsDamage(file)).toBeGreaterThan(0);
  });
});
