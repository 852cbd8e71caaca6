import { describe, expect, it } from 'vitest';
import { SheetFileError } from '../../src/sheet/types.ts';
import { PRODUCTS } from '../fixtures/read/make-fixtures.ts';
import { fileError, fixture, readAll } from './helpers.ts';

const expectedRows = PRODUCTS.slice(1).map((values, i) => ({ row: i + 2, values }));

describe('CSV encodings and delimiters are detected without being told', () => {
  it.each([
    ['utf8.csv', 'utf-8', ','],
    ['utf8-bom.csv', 'utf-8', ','],
    ['windows-1256.csv', 'windows-1256', ','],
    ['utf16le-tab.txt', 'utf-16le', '\t'],
  ])('%s -> %s, %j', async (name, encoding, delimiter) => {
    const { reader, rows } = await readAll(fixture(name));
    expect(reader.format).toBe('csv');
    expect(reader.encoding).toBe(encoding);
    expect(reader.delimiter).toBe(delimiter);
    expect(reader.headers).toEqual(PRODUCTS[0]);
    expect(rows).toEqual(expectedRows);
  });

  it('reads a ;-separated file and leaves decimal commas for the mapping to parse', async () => {
    const { reader, rows } = await readAll(fixture('semicolon-decimal-comma.csv'));
    expect(reader.delimiter).toBe(';');
    expect(rows[1]).toEqual({ row: 3, values: ['Red mug', 'كوب أحمر', '35,5', 'سعة 350 مل'] });
    // A ; inside a quoted field is text, not a delimiter.
    expect(rows[2]?.values[3]).toBe('ضوء دافئ; قابل للطي');
  });

  it("follows Excel's sep= hint line and numbers rows as Excel shows them (without that line)", async () => {
    const { reader, rows } = await readAll(fixture('sep-hint.csv'));
    expect(reader.delimiter).toBe(';');
    expect(reader.headers).toEqual(PRODUCTS[0]);
    expect(rows).toEqual(expectedRows);
  });

  it('honours encoding and delimiter overrides', async () => {
    const { reader, rows } = await readAll(fixture('windows-1256.csv'), { encoding: 'utf-8', delimiter: ';' });
    expect(reader.encoding).toBe('utf-8');
    expect(reader.delimiter).toBe(';');
    expect(reader.headers).toEqual(['title,title_ar,sale_price,description_ar']);
    expect(rows[0]?.values[0] as string).toContain('\uFFFD'); // wrong encoding forced: replacement characters
  });

  it('rejects an encoding it does not know, naming it and the common ones', async () => {
    await expect(fileError(fixture('utf8.csv'), { encoding: 'klingon' })).resolves.toEqual({
      code: 'unknown_encoding',
      message: `${fixture('utf8.csv')}: unknown encoding "klingon" (common ones: utf-8, windows-1256, iso-8859-6, utf-16le)`,
    });
  });

  it.each([
    ['utf8.csv', 'utf8'],
    ['utf8.csv', 'UTF-8'],
    ['windows-1256.csv', 'windows1256'],
    ['windows-1256.csv', 'cp1256'],
  ])('reads %s with any spelling iconv-lite knows of its encoding (%s)', async (name, encoding) => {
    expect((await readAll(fixture(name), { encoding })).rows).toEqual(expectedRows);
  });

  it.each([
    ['utf-9', 'utf-8'],
    ['utff8', 'utf-8'],
    ['windows-1265', 'windows-1256'],
    ['iso-8859-66', 'iso-8859-6'],
    ['utf-16-lee', 'utf-16le'],
    ['arabik', 'iso-8859-6'],
    ['latin-11', 'latin1'],
  ])('says which known encoding an unknown %j is closest to, in English and Arabic', async (encoding, closest) => {
    const error = await readAll(fixture('utf8.csv'), { encoding }).then(
      () => new Error('read without error'),
      (e: unknown) => e,
    );
    if (!(error instanceof SheetFileError)) throw error;
    expect(error.code).toBe('unknown_encoding');
    expect(error.textIn('en', 'f.csv')).toBe(
      `f.csv: unknown encoding "${encoding}": did you mean ${closest}? (common ones: utf-8, windows-1256, iso-8859-6, utf-16le)`,
    );
    expect(error.textIn('ar', 'f.csv')).toBe(
      `f.csv: ترميز غير معروف "${encoding}": هل تقصد ${closest}؟ (الشائعة منها: utf-8، windows-1256، iso-8859-6، utf-16le)`,
    );
  });
});
