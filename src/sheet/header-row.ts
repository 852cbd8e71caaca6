/**
 * Which filled row is the header: exported catalogs often put a title banner ("ACME Store -
 * catalog export") or a row of group labels ("Details" over the description columns) above the
 * real header. The header is the row, among the first filled one and the few below it, whose
 * cells name the most known columns; the first of equals wins, so a sheet whose first row is as
 * good as any below keeps it. The rows above the header are not read; the rows looked at below
 * it are data and are handed out as such. Row numbers stay the ones Excel shows.
 */
import { cellText } from './map/cell-text.ts';
import type { SheetReader } from './read/types.ts';
import type { RawRow } from './types.ts';

/** Filled rows looked at below the first one (a group-label row over a title over the header fits). */
export const HEADER_SEARCH_ROWS = 5;

export interface HeaderFound extends SheetReader {
  /** Filled rows above the header, not read (empty when the first filled row is the header). */
  bannerRows: number[];
}

/** `score`: how many of a row's cells name a known column (0: a title, or data). */
export async function findHeaderRow(
  reader: SheetReader,
  score: (headers: readonly string[]) => number,
): Promise<HeaderFound> {
  const rows = reader.rows[Symbol.asyncIterator]();
  const looked: RawRow[] = [];
  let best = { at: -1, score: score(reader.headers) };
  while (looked.length < HEADER_SEARCH_ROWS) {
    const next = await rows.next();
    if (next.done === true) break;
    looked.push(next.value);
    const found = score(headerTexts(next.value));
    if (found > best.score) best = { at: looked.length - 1, score: found };
  }
  const header = looked[best.at];
  if (header === undefined) return { ...reader, bannerRows: [], rows: replay(looked, rows) };
  const bannerRows = [reader.headerRow, ...looked.slice(0, best.at).map((row) => row.row)];
  const width = reader.fieldCount === undefined ? {} : { fieldCount: header.values.length };
  return {
    ...reader,
    headers: headerTexts(header),
    headerRow: header.row,
    ...width,
    bannerRows,
    rows: replay(looked.slice(best.at + 1), rows),
  };
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
