/** openSheet's row stream: stopping early releases the file; rows() again starts over. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_RECORD_BYTES } from '../../src/sheet/read/csv-reader.ts';
import { openSheet } from '../../src/sheet/open.ts';
import { SheetFileError } from '../../src/sheet/types.ts';
import { fixture } from './helpers.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('open-sheet', { once: true });

describe('openSheet rows()', () => {
  it('stops early without leaking, and a second rows() reads every row again with fresh duplicate checks', async () => {
    const opened = await openSheet(fixture('duplicates.csv'));
    for await (const result of opened.rows()) {
      expect(result.row).toBe(2);
      break;
    }
    const rows: number[] = [];
    const codes: string[] = [];
    for await (const result of opened.rows()) {
      rows.push(result.row);
      codes.push(...result.issues.map((issue) => issue.code));
    }
    expect(rows).toEqual([2, 3, 4, 5]);
    expect(codes).toEqual(['duplicate_product_id', 'duplicate_barcode']);
    await opened.close();
    await opened.close();
  });

  it('an unreadable file is a SheetFileError', async () => {
    await expect(openSheet(fixture('no-such-file.csv'))).rejects.toBeInstanceOf(SheetFileError);
  });

  it('a missing --columns file is a SheetFileError naming it', async () => {
    await expect(openSheet(fixture('duplicates.csv'), { columns: fixture('missing.yaml') })).rejects.toThrow(
      /missing\.yaml: cannot read the column map file/,
    );
  });

  it('a quote never closed deep in the file fails at open, before any row is handed over', async () => {
    const file = join(tmp.dir, 'runaway-quote.csv');
    const good = Array.from({ length: 700 }, (_, i) => `Item ${i},${i},1`).join('\r\n');
    const body = 'Lamp,plain text,249\r\n'.repeat(Math.ceil((MAX_RECORD_BYTES * 1.2) / 21));
    writeFileSync(file, `title,sale_price,category\r\n${good}\r\nMug,"opened and never closed,3\r\n${body}`);
    const failure: unknown = await openSheet(file).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SheetFileError);
    expect((failure as SheetFileError).code).toBe('unreadable_csv');
    expect((failure as Error).message).toContain('near row 702: a quoted field opened there is never closed');
  });
});

describe('openSheet header row', () => {
  it('keeps the first row when no row below names more known columns, and hands the rows it looked at on as data', async () => {
    const file = join(tmp.dir, 'tie.csv');
    // Row 2's cells are aliases too (Name, Price): as many known columns as the header's two.
    writeFileSync(file, 'title,sale_price,Colour\nName,Price,3\nLamp,12,3\n');
    const opened = await openSheet(file);
    expect([opened.headerRow, opened.bannerRows]).toEqual([1, []]);
    const rows: number[] = [];
    for await (const result of opened.rows()) rows.push(result.row);
    expect(rows).toEqual([2, 3]);
    await opened.close();
  });

  it('takes the lower row that names more known columns, and the rows below it stay data', async () => {
    const file = join(tmp.dir, 'labels.csv');
    writeFileSync(
      file,
      ',,Details,\nproduct_id,title,description,description_ar\n7,Lamp,A lamp,مصباح\n8,Mug,A mug,كوب\n',
    );
    const opened = await openSheet(file);
    expect([opened.headerRow, opened.bannerRows]).toEqual([2, [1]]);
    const rows: number[] = [];
    for await (const result of opened.rows()) rows.push(result.row);
    expect(rows).toEqual([3, 4]);
    await opened.close();
  });
});
