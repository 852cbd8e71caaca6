/** Reads a --columns map file (the I/O edge of column-map.ts). */
import { NotRegularFileError, openRegularFile } from '../../files/regular-file.ts';
import { ref, said } from '../../messages/index.ts';
import { SheetFileError } from '../types.ts';
import { parseColumnMap, type ColumnMap } from './column-map.ts';

export async function loadColumnMap(file: string): Promise<ColumnMap> {
  let text: string;
  try {
    // A FIFO given as the map would wait for a writer forever: refused at once instead.
    const handle = await openRegularFile(file);
    try {
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof NotRegularFileError)
      throw new SheetFileError(
        file,
        'column_map_unreadable',
        said('file.column_map_not_regular', { why: ref('file.not_regular', { kind: error.kind }) }),
        { cause: error },
      );
    const code = (error as NodeJS.ErrnoException).code ?? 'read_failed';
    throw new SheetFileError(file, 'column_map_unreadable', said('file.column_map_unreadable', { code }), {
      cause: error,
    });
  }
  return parseColumnMap(file, text.replace(/^\uFEFF/, ''));
}
