/**
 * A damaged XLSX sends nothing: whatever single byte of a sheet part's deflate data is changed,
 * the reader either gives every row exactly as written or fails before it hands out the first
 * row (issue 11). Inflate accepts many such changes silently; the CRC-32 catches them.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openWorkbook, XlsxError, type XlsxRow } from '../../src/xlsx/index.ts';
import { partData, productRows, SHEET_PART, workbook } from '../fixtures/read/make-crafted-xlsx.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('xlsx-damage', { once: true });

type Outcome = { rows: XlsxRow[] } | { failedBeforeFirstRow: XlsxError } | { failedAfterRows: number; error: unknown };

async function read(file: string): Promise<Outcome> {
  const book = await openWorkbook(file);
  const batches = book.rowBatches(book.sheets[0]!);
  const rows: XlsxRow[] = [];
  try {
    for await (const batch of batches) rows.push(...batch);
  } catch (error) {
    if (rows.length === 0 && error instanceof XlsxError) return { failedBeforeFirstRow: error };
    return { failedAfterRows: rows.length, error };
  }
  return { rows };
}

describe('one byte changed in the deflate data of the sheet part', () => {
  const whole = workbook(productRows());
  const { start, length } = partData(whole, SHEET_PART);

  it('leaves every row identical, or fails (damaged) before any row is handed out', async () => {
    const original = join(tmp.dir, 'original.xlsx');
    await writeFile(original, whole);
    const expected = await read(original);
    expect(expected).toHaveProperty('rows');
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: length - 1 }), fc.integer({ min: 1, max: 255 }), async (at, xor) => {
        const file = join(tmp.dir, `damaged-${runs++}.xlsx`);
        const damaged = Buffer.from(whole);
        damaged[start + at] = damaged[start + at]! ^ xor;
        await writeFile(file, damaged);
        const outcome = await read(file);
        await rm(file);
        if ('failedBeforeFirstRow' in outcome) expect(outcome.failedBeforeFirstRow.code).toBe('damaged');
        else expect(outcome).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
