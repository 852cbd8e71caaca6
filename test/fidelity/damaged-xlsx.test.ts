/**
 * What a user sees for an XLSX that is damaged or built wrong, or a path that is no file (issue
 * 11): `validate` names the file and what is wrong and exits 2, and `import` sends nothing. The
 * fixtures are crafted by test/fixtures/read/make-crafted-xlsx.ts (no writer damages a file on
 * purpose).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { productRows, workbook } from '../fixtures/read/make-crafted-xlsx.ts';
import { fixture } from '../sheet-read/helpers.ts';
import { cli as run, type CliRun, useStoreWithProducts } from './helpers.ts';

const f = useStoreWithProducts(0);

const cli = (...args: string[]): Promise<CliRun> => run([...args, '--report-dir', join(f.dir, 'reports')], f.store.env);

describe('damaged deflate data that still inflates (one bit, only digits change)', () => {
  const file = fixture('damaged-sheet-data.xlsx');

  it('the same workbook undamaged is 300 valid creates', async () => {
    const whole = join(f.dir, 'undamaged.xlsx');
    await writeFile(whole, workbook(productRows()));
    const { code, out } = await cli('validate', whole);
    expect(out).toContain('creates:        300');
    expect(code).toBe(0);
  });

  it('validate: exit 2, naming the file and the checksum', async () => {
    const { code, out, err } = await cli('validate', file);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(`cannot read sheet: ${file}: the XLSX file is damaged or cut short`);
    expect(err).toContain('xl/worksheets/sheet1.xml does not match its checksum (CRC-32)');
  });

  it('import: exit 2, and nothing is sent to the store', async () => {
    f.store.sandbox.resetStats();
    const { code, err } = await cli('import', file);
    expect(code).toBe(2);
    expect(err).toContain('does not match its checksum (CRC-32)');
    expect(f.store.sandbox.requestCount('/v1/create_product')).toBe(0);
    expect(f.store.sandbox.requestCount('/v1/update_product')).toBe(0);
    expect(f.store.sandbox.products()).toHaveLength(0);
  });
});

describe('a file built wrong is a clear file error, not a crash', () => {
  it('a cell past column XFD (ZZZZZZ2): exit 2 naming the cell, no V8 crash', async () => {
    const file = fixture('column-past-xfd.xlsx');
    const { code, err } = await cli('validate', file);
    expect(code).toBe(2);
    expect(err).toContain(
      `cannot read sheet: ${file}: cell "ZZZZZZ2" (row 2) lies past column XFD, the last of the 16,384 columns a sheet has`,
    );
  });

  it('row numbers that go backwards: exit 2 naming the row', async () => {
    const file = fixture('row-numbers-backwards.xlsx');
    const { code, err } = await cli('validate', file);
    expect(code).toBe(2);
    expect(err).toContain(`cannot read sheet: ${file}: the sheet's row numbers are damaged: row "2" after row 3`);
  });

  it('a folder: exit 2, "this is a folder", no stack trace', async () => {
    const { code, err } = await cli('validate', f.dir);
    expect(code).toBe(2);
    expect(err.trim()).toBe(`cannot read sheet: ${f.dir}: this is a folder, not a file: only regular files are read`);
  });
});
