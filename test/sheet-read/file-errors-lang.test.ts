/**
 * A file that cannot be read is told in the reader's language: the English `message` as before,
 * the same error in Arabic from its key, the file's name and values as typed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSheetFile } from '../../src/sheet/read/index.ts';
import { SheetFileError } from '../../src/sheet/types.ts';
import { collect, fixture } from './helpers.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('sheet-read-lang', { once: true });

/** The SheetFileError reading the file throws, whole (the shared helper keeps only code and message). */
async function fileError(file: string): Promise<SheetFileError> {
  const error = await readSheetFile(file)
    .then(collect)
    .then(
      () => new Error(`${file} was read without error`),
      (e: unknown) => e,
    );
  if (!(error instanceof SheetFileError)) throw error;
  return error;
}

function sameText(text: string, expected: string | RegExp): void {
  if (typeof expected === 'string') expect(text).toBe(expected);
  else expect(text).toMatch(expected);
}

function written(name: string, bytes: Buffer | string): string {
  const file = join(tmp.dir, name);
  writeFileSync(file, bytes);
  return file;
}

describe('a sheet file error in English and Arabic', () => {
  it.each([
    ['empty.csv', () => written('empty.csv', ''), 'the file is empty', 'الملف فارغ'],
    [
      'legacy.xls',
      () => fixture('legacy.xls'),
      'this is a legacy .xls file (or a password-protected workbook); open it in Excel and save it as .xlsx or CSV',
      'هذا ملف .xls بالصيغة القديمة (أو مصنّف محمي بكلمة مرور)؛ افتحه في Excel واحفظه بصيغة .xlsx أو CSV',
    ],
    [
      'not-a-sheet.pdf',
      () => fixture('not-a-sheet.pdf'),
      'this is a PDF file, not a CSV or XLSX sheet',
      'هذا ملف PDF وليس جدول CSV أو XLSX',
    ],
    [
      'libreoffice.ods',
      () => fixture('libreoffice.ods'),
      'this is an OpenDocument spreadsheet (.ods); save it as .xlsx or CSV',
      'هذا جدول OpenDocument (.ods)؛ احفظه بصيغة .xlsx أو CSV',
    ],
    [
      'unclosed-quote.csv',
      () => fixture('unclosed-quote.csv'),
      /^cannot read CSV near row \d+: a quoted field opened there is never closed \(a stray " in a cell\?\)$/,
      /^تعذّرت قراءة ملف CSV قرب الصف \d+: حقل يبدأ هناك بعلامة تنصيص لا تُغلق أبدًا \(علامة " زائدة في خلية؟\)$/,
    ],
    [
      'blank.csv',
      () => written('blank.csv', ',,\n\n'),
      'the file has no header row (it is empty or blank)',
      'ليس في الملف صف عناوين (هو فارغ أو بلا أي قيمة)',
    ],
  ])('%s', async (_name, make, english, arabic) => {
    const file = make();
    const error = await fileError(file);
    const detail = (text: string): string => text.slice(`${file}: `.length);
    expect(error.message.startsWith(`${file}: `)).toBe(true);
    sameText(detail(error.message), english);
    expect(error.textIn('en')).toBe(error.message);
    sameText(detail(error.textIn('ar')), arabic);
    expect(error.textIn('ar', 'منتجات.csv')).toMatch(/^منتجات\.csv: /);
  });

  it('a damaged XLSX: Arabic around the reader’s own detail', async () => {
    const whole = readFileSync(fixture('formulas-richtext.xlsx'));
    const file = written('cut.xlsx', whole.subarray(0, Math.floor(whole.length / 2)));
    const error = await fileError(file);
    expect(error.code).toBe('corrupt_xlsx');
    const english = error.message.slice(`${file}: `.length);
    expect(english).toContain('damaged or cut short');
    expect(error.textIn('ar')).toBe(`${file}: ملف XLSX تالف أو ناقص، ولا يمكن قراءته (${english})`);
  });

  it('a sheet named that is not there names it and the sheets as typed', async () => {
    const error = await readSheetFile(fixture('formulas-richtext.xlsx'), { sheet: 'الأسعار' }).catch((e: unknown) => e);
    if (!(error instanceof SheetFileError)) throw error;
    expect(error.code).toBe('sheet_not_found');
    expect(error.textIn('ar')).toMatch(/: لا توجد ورقة باسم "الأسعار" \(الأوراق: ".+"\)$/);
  });
});
