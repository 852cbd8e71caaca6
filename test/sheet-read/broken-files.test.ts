/** Files damaged in ways that happen: cut short by a failed upload, a BOM and nothing else. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_RECORD_BYTES } from '../../src/sheet/read/csv-reader.ts';
import { readSheetFile } from '../../src/sheet/read/index.ts';
import { SheetFileError } from '../../src/sheet/types.ts';
import { fileError, fixture } from './helpers.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('sheet-read-broken', { once: true });

describe('damaged files are one clear SheetFileError', () => {
  it('an XLSX cut short', async () => {
    const whole = readFileSync(fixture('formulas-richtext.xlsx'));
    const file = join(tmp.dir, 'cut.xlsx');
    writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
    const error = await fileError(file);
    expect(error.code).toBe('corrupt_xlsx');
    expect(error.message).toContain('damaged or cut short');
  });

  it('an XLSX whose sheet data is corrupted inside the zip', async () => {
    const whole = Buffer.from(readFileSync(fixture('inline-strings.xlsx')));
    // Overwrite the middle of the compressed worksheet with junk (the central directory stays intact).
    const name = whole.indexOf('xl/worksheets/sheet1.xml');
    for (let i = name + 40; i < name + 200; i++) whole[i] = 0xff;
    const file = join(tmp.dir, 'junk.xlsx');
    writeFileSync(file, whole);
    const error = await fileError(file);
    expect(error.code).toBe('corrupt_xlsx');
  });

  it.each([
    ['bom-only.csv', Buffer.from([0xef, 0xbb, 0xbf])],
    ['utf16-bom-only.txt', Buffer.from([0xff, 0xfe])],
  ])('%s has no header', async (name, bytes) => {
    const file = join(tmp.dir, name);
    writeFileSync(file, bytes);
    await expect(fileError(file)).resolves.toMatchObject({ code: 'no_header' });
  });
});

describe('an XLSX that unpacks to more than a spreadsheet needs is refused, not read into memory', () => {
  it('shared strings past the limit: too_large, naming the way out', async () => {
    const error = await readSheetFile(fixture('formulas-richtext.xlsx'), { limits: { sharedStringChars: 10 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SheetFileError);
    expect(error).toMatchObject({ code: 'too_large' });
    expect((error as Error).message).toContain('split the sheet or save it as CSV');
  });

  it('a part read whole (styles) past the limit: too_large', async () => {
    const error = await readSheetFile(fixture('formulas-richtext.xlsx'), { limits: { partBytes: 100 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'too_large' });
    expect((error as Error).message).toContain('a damaged or hostile file');
  });

  it('a sheet row past the limit: too_large, before its cells are gathered', async () => {
    const error = await readSheetFile(fixture('formulas-richtext.xlsx'), { limits: { rowChars: 20 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'too_large' });
    expect((error as Error).message).toContain('row 2 holds more than 20 characters of text');
  });

  it('the same file reads with the default limits', async () => {
    const reader = await readSheetFile(fixture('formulas-richtext.xlsx'));
    await reader.close();
    expect(reader.headers.length).toBeGreaterThan(0);
  });
});

describe('a quote never closed does not gather the rest of a big file into memory', () => {
  it('stops with unreadable_csv once one record outgrows any real row', async () => {
    const file = join(tmp.dir, 'runaway-quote.csv');
    const line = 'Lamp,plain text without quotes,249\r\n';
    const body = line.repeat(Math.ceil((MAX_RECORD_BYTES * 1.2) / line.length));
    writeFileSync(file, `title,description,price\r\nMug,"opened and never closed,3\r\n${body}`);
    const error = await fileError(file);
    expect(error.code).toBe('unreadable_csv');
    expect(error.message).toContain('near row 2: a quoted field opened there is never closed');
  });
});
