/** A sheet that breaks part-way: 30 good create rows, then row 32 opens a quote that never closes. */
import { writeFile } from 'node:fs/promises';
import { MAX_RECORD_BYTES } from '../../../src/sheet/read/csv-reader.ts';

export async function writeBrokenSheet(file: string, barcodePrefix = 'BR'): Promise<void> {
  const good = Array.from({ length: 30 }, (_, i) => `Item ${i},صنف ${i},1,${i + 1},${barcodePrefix}${i}`);
  // The open quote is only found once the field outgrows any real row.
  const tail = 'Lamp,plain text,1,2,x\r\n'.repeat(Math.ceil((MAX_RECORD_BYTES * 1.1) / 22));
  await writeFile(
    file,
    `title,title_ar,category,sale_price,barcode\r\n${good.join('\r\n')}\r\nMug,"opened and never closed,1,3,${barcodePrefix}X\r\n${tail}`,
  );
}
