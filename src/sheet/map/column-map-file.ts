/** Reads a --columns map file (the I/O edge of column-map.ts). */
import { readFile } from 'node:fs/promises';
import { SheetFileError } from '../types.ts';
import { parseColumnMap, type ColumnMap } from './column-map.ts';

export async function loadColumnMap(file: string): Promise<ColumnMap> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'read_failed';
    throw new SheetFileError(file, 'column_map_unreadable', `cannot read the column map file (${code})`, {
      cause: error,
    });
  }
  return parseColumnMap(file, text.replace(/^\uFEFF/, ''));
}
