/**
 * Two ways a sheet goes wrong where it cannot be seen at its start:
 * - damaged deep in the file (row 32 opens a quote that never closes): refused before any row;
 * - changed on disk while its rows are read (saved again, still being copied): the rows read
 *   before the change go on and are reported, nothing read after it.
 */
import { appendFile, writeFile } from 'node:fs/promises';
import { MAX_RECORD_BYTES } from '../../../src/sheet/read/csv-reader.ts';
import { openSheet, type OpenedSheet, type SheetOpener } from '../../../src/sheet/open.ts';
import type { SheetRowResult } from '../../../src/sheet/types.ts';

export async function writeBrokenSheet(file: string, barcodePrefix = 'BR'): Promise<void> {
  const good = Array.from({ length: 30 }, (_, i) => `Item ${i},صنف ${i},1,${i + 1},${barcodePrefix}${i}`);
  // The open quote is only found once the field outgrows any real row.
  const tail = 'Lamp,plain text,1,2,x\r\n'.repeat(Math.ceil((MAX_RECORD_BYTES * 1.1) / 22));
  await writeFile(
    file,
    `title,title_ar,category,sale_price,barcode\r\n${good.join('\r\n')}\r\nMug,"opened and never closed,1,3,${barcodePrefix}X\r\n${tail}`,
  );
}

/**
 * Rows enough for many reads of the file (each 64 KB), so a change is seen well before the end.
 * Each row carries a 1 KB description: the rows read before the change (one read's worth) are
 * sent, and at 1 KB a row that is about 60, not the 1,400 short rows that made a test of it run
 * past two minutes on a loaded machine.
 */
export const CHANGING_ROWS = 2_000;

export async function writeChangingSheet(file: string, barcodePrefix = 'CH'): Promise<void> {
  const rows = Array.from(
    { length: CHANGING_ROWS },
    (_, i) =>
      `Item ${i},صنف ${i},${`Item ${i} `.repeat(100).slice(0, 1_000)},1,${i + 1},${barcodePrefix}${String(i).padStart(6, '0')}`,
  );
  await writeFile(file, `title,title_ar,description,category,sale_price,barcode\r\n${rows.join('\r\n')}\r\n`);
}

/**
 * The real openSheet, except that once the first row has been handed over the file is written
 * to on disk, as a second save would: the reader must notice before the rows read after it leave.
 */
export const changedAfterFirstRow: SheetOpener = async (file, options) => {
  const sheet = await openSheet(file, options);
  return {
    ...sheet,
    rows: (): AsyncIterable<SheetRowResult> => ({
      async *[Symbol.asyncIterator]() {
        let first = true;
        for await (const row of sheet.rows()) {
          yield row;
          if (first) await appendFile(file, 'Late,متأخر,,1,1,LATE\r\n');
          first = false;
        }
      },
    }),
  } satisfies OpenedSheet;
};
