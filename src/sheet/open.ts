/**
 * Opening a sheet file for syncing or validation: the reader (src/sheet/read) + this mapping.
 * The composition root of src/sheet: all I/O is here and in the reader; mapping is pure.
 */
import type { ColumnMap } from './map/column-map.ts';
import { columnMapFromRecord } from './map/column-map.ts';
import { loadColumnMap } from './map/column-map-file.ts';
import { createSheetMapper } from './map/mapper.ts';
import { listSheetNames, readSheetFile, type SheetReader } from './read/index.ts';
import type { RawRow, RowIssue, SheetKind, SheetRowResult } from './types.ts';

export interface OpenSheetOptions {
  /** A --columns map file path, or the mapping as data (header -> field, or null/"ignore"). */
  columns?: string | Readonly<Record<string, string | null>> | undefined;
  /** CSV: encoding override (detected otherwise). */
  encoding?: string | undefined;
  /** CSV: delimiter override (detected otherwise). */
  delimiter?: string | undefined;
  /** XLSX: the sheet to read (default `Products`, else the first sheet). */
  sheet?: string | undefined;
}

export interface OpenedSheet {
  file: string;
  format: 'csv' | 'xlsx';
  sheetName: string | null;
  encoding: string | null;
  delimiter: string | null;
  kind: SheetKind;
  /** The header row as written. */
  headers: string[];
  /** Issues of the header row (row 1): unknown columns (warnings), duplicate fields (errors). */
  headerIssues: RowIssue[];
  /** What a row's cells mean on this sheet: equal cells under one signature make equal plans. */
  rowSignature: string;
  /**
   * Exactly one result per data row, in file order. The first call streams the file already
   * opened; each later call opens it again (fresh duplicate checks). Throws SheetFileError when
   * the file breaks part-way.
   */
  rows(): AsyncIterable<SheetRowResult>;
  /** Releases the file when rows() is not read to the end. Safe to call twice. */
  close(): Promise<void>;
}

const NOT_PRODUCT_SHEETS = /^(brands|categories|help|notes|lists|instructions)$/i;
const BRANDS_SHEET = /^brands$/i;

export async function openSheet(file: string, options: OpenSheetOptions = {}): Promise<OpenedSheet> {
  const columnMap = await resolveColumnMap(options.columns);
  return openWithMap(file, options, columnMap);
}

/**
 * Every sheet of the file that holds rows to sync: the product sheet, and for an XLSX with a
 * `Brands` sheet the brands too (products first). A CSV gives one sheet (products or brands).
 */
export async function openSheets(file: string, options: OpenSheetOptions = {}): Promise<OpenedSheet[]> {
  const columnMap = await resolveColumnMap(options.columns);
  if (options.sheet !== undefined) return [await openWithMap(file, options, columnMap)];
  const names = await listSheetNames(file);
  if (names.length === 0) return [await openWithMap(file, options, columnMap)];
  const products =
    names.find((name) => /^products$/i.test(name)) ?? names.find((name) => !NOT_PRODUCT_SHEETS.test(name));
  const brands = names.find((name) => BRANDS_SHEET.test(name));
  const opened: OpenedSheet[] = [];
  if (products !== undefined) opened.push(await openWithMap(file, { ...options, sheet: products }, columnMap));
  if (brands !== undefined) opened.push(await openWithMap(file, { ...options, sheet: brands }, columnMap));
  if (opened.length === 0) opened.push(await openWithMap(file, { ...options, sheet: names[0] }, columnMap));
  return opened;
}

async function resolveColumnMap(columns: OpenSheetOptions['columns']): Promise<ColumnMap | undefined> {
  if (columns === undefined) return undefined;
  if (typeof columns === 'string') return loadColumnMap(columns);
  return columnMapFromRecord('columns mapping', columns);
}

async function openWithMap(
  file: string,
  options: OpenSheetOptions,
  columnMap: ColumnMap | undefined,
): Promise<OpenedSheet> {
  const readOptions = {
    ...(options.encoding !== undefined ? { encoding: options.encoding } : {}),
    ...(options.delimiter !== undefined ? { delimiter: options.delimiter } : {}),
    ...(options.sheet !== undefined ? { sheet: options.sheet } : {}),
  };
  const first = await readSheetFile(file, readOptions);
  const forcedKind: SheetKind | undefined =
    first.sheetName !== null && BRANDS_SHEET.test(first.sheetName) ? 'brands' : undefined;
  const mapperOptions = { kind: forcedKind, columnMap, delimiter: first.delimiter };
  const mapper = createSheetMapper(first.headers, mapperOptions);
  // A sheet may start with empty rows: header issues carry the header's real row number.
  for (const issue of mapper.headerIssues) issue.row = first.headerRow;
  let unread: SheetReader | null = first;
  const readers = new Set<SheetReader>([first]);

  const openRows = async (): Promise<MappingSource> => {
    const reader: SheetReader =
      unread ?? (await readSheetFile(file, { ...readOptions, ...(first.sheetName ? { sheet: first.sheetName } : {}) }));
    const rowMapper = unread ? mapper : createSheetMapper(reader.headers, mapperOptions);
    unread = null;
    readers.add(reader);
    return { reader, mapRow: rowMapper.mapRow };
  };
  const release = async (reader: SheetReader): Promise<void> => {
    readers.delete(reader);
    await reader.close();
  };

  return {
    file,
    format: first.format,
    sheetName: first.sheetName,
    encoding: first.encoding,
    delimiter: first.delimiter,
    kind: mapper.kind,
    headers: mapper.headers,
    headerIssues: mapper.headerIssues,
    rowSignature: mapper.rowSignature,
    rows: () => mappedRows(openRows, release),
    close: async () => {
      await Promise.all([...readers].map((reader) => reader.close()));
      readers.clear();
      unread = null;
    },
  };
}

interface MappingSource {
  reader: SheetReader;
  mapRow: (raw: RawRow) => SheetRowResult;
}

/**
 * Maps rows as the reader hands them over. A hand-written iterator rather than an async
 * generator: a generator adds two awaits per row, which shows on a 100,000-row sheet.
 * The reader is released at the end, on an error, and when the consumer stops early.
 */
function mappedRows(
  open: () => Promise<MappingSource>,
  release: (reader: SheetReader) => Promise<void>,
): AsyncIterable<SheetRowResult> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<SheetRowResult> {
      let source: (MappingSource & { inner: AsyncIterator<RawRow> }) | null = null;
      let finished = false;
      const finish = async (): Promise<IteratorResult<SheetRowResult>> => {
        if (!finished && source) await release(source.reader);
        finished = true;
        return { done: true, value: undefined };
      };
      const step = (
        current: MappingSource & { inner: AsyncIterator<RawRow> },
      ): Promise<IteratorResult<SheetRowResult>> =>
        current.inner.next().then(
          (result) => (result.done ? finish() : { done: false, value: current.mapRow(result.value) }),
          async (error: unknown) => {
            await finish();
            throw error;
          },
        );
      return {
        async next(): Promise<IteratorResult<SheetRowResult>> {
          if (finished) return { done: true, value: undefined };
          if (source === null) {
            const opened = await open();
            source = { ...opened, inner: opened.reader.rows[Symbol.asyncIterator]() };
          }
          return step(source);
        },
        async return(): Promise<IteratorResult<SheetRowResult>> {
          if (!finished && source) await source.inner.return?.();
          return finish();
        },
      };
    },
  };
}
