/**
 * Any table written the way tools write CSV (quotes, newlines in fields, UTF-8 with or without
 * BOM, UTF-16LE, Windows-1256, `,` `;` or tab) reads back cell for cell, with Excel's row numbers.
 */
import { isUtf8 } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { readAll } from './helpers.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('sheet-read-csv', { once: true });

// Characters Windows-1256 can hold too, so every encoding is tried on the same text.
const CHARS = [...'abcXYZ019 .,;\t"\'\r\n-_|', ...'ابتثجحخدذرزسشصضطظعغفقكلمنهوي،؛؟ءأإآة'];
const cell = fc.array(fc.constantFrom(...CHARS), { maxLength: 12 }).map((chars) => chars.join(''));
const encodings = ['utf-8', 'utf-8-bom', 'utf-16le-bom', 'windows-1256'] as const;

function encode(text: string, encoding: (typeof encodings)[number]): Buffer {
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8');
  if (encoding === 'utf-8-bom') return Buffer.from(`\uFEFF${text}`, 'utf8');
  if (encoding === 'utf-16le-bom') return iconv.encode(`\uFEFF${text}`, 'utf-16le');
  return iconv.encode(text, 'windows-1256');
}

describe('CSV round trip', () => {
  it('reads back every cell of any table, in any supported encoding and delimiter', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 5 }).chain((columns) =>
          fc.record({
            headers: fc.uniqueArray(fc.stringMatching(/^[a-z_]{1,8}$/), { minLength: columns, maxLength: columns }),
            rows: fc.array(fc.array(cell, { minLength: columns, maxLength: columns }), { maxLength: 12 }),
          }),
        ),
        fc.constantFrom(...encodings),
        fc.constantFrom(',', ';', '\t'),
        async ({ headers, rows }, encoding, delimiter) => {
          const file = join(tmp.dir, `table-${run++}.csv`);
          const bytes = encode(stringify([headers, ...rows], { delimiter, record_delimiter: 'windows' }), encoding);
          writeFileSync(file, bytes);
          // Bytes that are valid UTF-8 are read as UTF-8 (docs/sheet-reading.md). Windows-1256 Arabic
          // words almost never are, but a random cell of a letter and a `؟` can be: `encoding` says it.
          const alsoUtf8 = encoding === 'windows-1256' && isUtf8(bytes) && bytes.some((byte) => byte >= 0x80);
          if (alsoUtf8) expect((await readAll(file)).reader.encoding).toBe('utf-8');
          const { reader, rows: read } = await readAll(file, alsoUtf8 ? { encoding: 'windows-1256' } : undefined);
          expect(reader.delimiter).toBe(delimiter);
          expect(reader.headers).toEqual(headers);
          const expected = rows
            .map((values, i) => ({ row: i + 2, values: values.map((value) => (value === '' ? null : value)) }))
            .filter((row) => row.values.some((value) => value !== null));
          expect(read).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reads a Windows-1256 file whose bytes are also valid UTF-8 as UTF-8, unless told', async () => {
    // `ا؟` in Windows-1256 is C7 BF: in UTF-8 that is `ǿ` (fast-check found it).
    const file = join(tmp.dir, 'also-utf8.csv');
    writeFileSync(file, iconv.encode('_,a\r\nا؟,x\r\n', 'windows-1256'));
    expect((await readAll(file)).rows).toEqual([{ row: 2, values: ['ǿ', 'x'] }]);
    const told = await readAll(file, { encoding: 'windows-1256' });
    expect(told.rows).toEqual([{ row: 2, values: ['ا؟', 'x'] }]);
  });

  it('finds Windows-1256 even when the first 100 KB are plain ASCII', async () => {
    const file = join(tmp.dir, 'late-arabic.csv');
    const filler = Array.from({ length: 5000 }, (_, i) => `sku-${i},plain english text`).join('\r\n');
    writeFileSync(file, iconv.encode(`sku,title\r\n${filler}\r\nlast,مصباح مكتب\r\n`, 'windows-1256'));
    const { reader, rows } = await readAll(file);
    expect(reader.encoding).toBe('windows-1256');
    expect(rows.at(-1)).toEqual({ row: 5002, values: ['last', 'مصباح مكتب'] });
  });
});
