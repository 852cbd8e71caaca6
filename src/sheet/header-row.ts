/**
 * A title banner above the header row: exported catalogs often merge a title ("ACME Store -
 * catalog export") across the top. When the first filled row names no known column, the header
 * is the first of the next few rows that does; the rows above it are a title and are not read.
 * Row numbers stay the ones Excel shows.
 */
import { cellText } from './map/values.ts';
import type { SheetReader } from './read/types.ts';
import type { RawRow } from './types.ts';

/** Filled rows looked at below the first one before giving up (the first row stays the header). */
export const HEADER_SEARCH_ROWS = 5;

export interface HeaderFound extends SheetReader {
  /** Filled rows above the header taken as a title (empty when the first filled row is the header). */
  bannerRows: number[];
}

export async function findHeaderRow(
  reader: SheetReader,
  isHeader: (headers: readonly string[]) => boolean,
): Promise<HeaderFound> {
  if (isHeader(reader.headers)) return { ...reader, bannerRows: [] };
  const rows = reader.rows[Symbol.asyncIterator]();
  const looked: RawRow[] = [];
  while (looked.length < HEADER_SEARCH_ROWS) {
    const next = await rows.next();
    if (next.done === true) break;
    const headers = headerTexts(next.value);
    if (isHeader(headers)) {
      const bannerRows = [reader.headerRow, ...looked.map((row) => row.row)];
      const width = reader.fieldCount === undefined ? {} : { fieldCount: next.value.values.length };
      return { ...reader, headers, headerRow: next.value.row, ...width, bannerRows, rows: replay([], rows) };
    }
    looked.push(next.value);
  }
  return { ...reader, bannerRows: [], rows: replay(looked, rows) };
}

function headerTexts(row: RawRow): string[] {
  const headers = row.values.map((value, i) => cellText(value, row.formats?.[i]));
  let end = headers.length;
  while (end > 0 && headers[end - 1] === '') end--;
  return headers.slice(0, end);
}

async function* replay(first: readonly RawRow[], rest: AsyncIterator<RawRow>): AsyncGenerator<RawRow> {
  try {
    yield* first;
    for (let next = await rest.next(); next.done !== true; next = await rest.next()) yield next.value;
  } finally {
    await rest.return?.();
  }
}
