/** Small helpers shared by the reading tests. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSheetFile } from '../../src/sheet/read/index.ts';
import type { ReadOptions, SheetReader } from '../../src/sheet/read/index.ts';
import type { RawRow } from '../../src/sheet/types.ts';

export const fixture = (name: string): string =>
  join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'read', name);

/** Workbooks written by independent writers (openpyxl, XlsxWriter, LibreOffice), one per scenario. */
export const fidelity = (name: string): string =>
  join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'fidelity', name);

export async function collect(reader: SheetReader): Promise<RawRow[]> {
  const rows: RawRow[] = [];
  for await (const row of reader.rows) rows.push(row);
  return rows;
}

export async function readAll(file: string, options?: ReadOptions): Promise<{ reader: SheetReader; rows: RawRow[] }> {
  const reader = await readSheetFile(file, options);
  return { reader, rows: await collect(reader) };
}

/** Rejects with the SheetFileError's code and message, for asserting both. */
export async function fileError(file: string, options?: ReadOptions): Promise<{ code: string; message: string }> {
  try {
    const reader = await readSheetFile(file, options);
    await collect(reader);
  } catch (error) {
    const { code, message, name } = error as { code: string; message: string; name: string };
    if (name !== 'SheetFileError') throw error;
    return { code, message };
  }
  throw new Error(`${file} was read without error`);
}
