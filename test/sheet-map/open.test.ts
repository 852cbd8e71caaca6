/** openSheet's row stream: stopping early releases the file; rows() again starts over. */
import { describe, expect, it } from 'vitest';
import { openSheet } from '../../src/sheet/open.ts';
import { SheetFileError } from '../../src/sheet/types.ts';
import { fixture } from './helpers.ts';

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
});
