/**
 * Opening a sheet file for syncing or validation: the reader (src/sheet/read) + this mapping.
 * The composition root of src/sheet: all I/O is here and in the reader; mapping is pure.
 */
import { setImmediate as turn } from 'node:timers/promises';
import { said } from '../messages/index.ts';
import type { ColumnMap } from './map/column-map.ts';
import { columnMapFromRecord } from './map/column-map.ts';
import { loadColumnMap } from './map/column-map-file.ts';
import { knownColumnCount } from './map/headers.ts';
import { findHeaderRow } from './header-row.ts';
import { CategoryNames, type CategorySource } from './map/category-cells.ts';
import { createSheetMapper } from './map/mapper.ts';
import type { SummaryHead } from './map/summary.ts';
import { listSheets, readSheetFile, type SheetReader } from './read/index.ts';
import { chooseSheets, isBrandsSheet, sheetsToScore, type SheetChoice } from './choose-sheet.ts';
import { SheetFileError, type RawRow, type SheetKind, type SheetRowResult } from './types.ts';

/** A --columns map file path, or the mapping as data (header -> field, or null/"ignore"). */
export type ColumnMapping = string | Readonly<Record<string, string | null>>;

export interface OpenSheetOptions {
  columns?: ColumnMapping | undefined;
  /** CSV: encoding override (detected otherwise). */
  encoding?: string | undefined;
  /** CSV: delimiter override (detected otherwise). */
  delimiter?: string | undefined;
  /** XLSX: the sheet to read, hidden or not (default: chooseSheets, which skips hidden sheets). */
  sheet?: string | undefined;
  /** Most characters a text cell may hold (MAX_TEXT_LENGTH); longer is an invalid row. */
  maxTextLength?: number | undefined;
  /** The field a sync keys its creates by (`--key-column`): an identifier, like barcode. */
  keyColumn?: string | undefined;
  /**
   * The store's category list, asked for when a `category` or `sub_category` cell holds a name
   * (category-cells.ts); pass one memoised per batch. Absent: names are refused, ids read.
   */
  categories?: CategorySource | undefined;
}

/** The sheet as opened: what its summary says of it (SummaryHead), and its rows. */
export interface OpenedSheet extends SummaryHead {
  encoding: string | null;
  delimiter: string | null;
  /** The header row as written. */
  headers: string[];
  /** What a row's cells mean on this sheet: equal cells under one signature make equal plans. */
  rowSignature: string;
  /** Each field read by the header the sheet gives it (`sale_price` -> `السعر`): what people are told. */
  columns?: Readonly<Record<string, string>>;
  /**
   * Exactly one result per data row, in file order. The first call streams the file already
   * opened; each later call opens it again (fresh duplicate checks). Throws SheetFileError when
   * the file breaks part-way.
   */
  rows(): AsyncIterable<SheetRowResult>;
  /** Releases the file when rows() is not read to the end. Safe to call twice. */
  close(): Promise<void>;
}

/** openSheet, or another way to the same shape (tests and benches pass their own). */
export type SheetOpener = (file: string, options: OpenSheetOptions) => Promise<OpenedSheet>;

/** The one sheet to sync: the one named, else the product sheet chooseSheets picks (brands if none). */
export async function openSheet(file: string, options: OpenSheetOptions = {}): Promise<OpenedSheet> {
  const columnMap = await resolveColumnMap(options.columns);
  if (options.sheet !== undefined) return openWithMap(file, options, columnMap, []);
  const choice = await choiceFor(file, columnMap);
  if (choice === null) return openWithMap(file, options, columnMap, []);
  const sheet = (choice.products ?? choice.brands)!;
  return openWithMap(file, { ...options, sheet }, columnMap, choice.hiddenSkipped);
}

/**
 * Every sheet of the file that holds rows to sync: the product sheet, and for an XLSX with a
 * `Brands` sheet the brands too (products first). A CSV gives one sheet (products or brands).
 */
export async function openSheets(file: string, options: OpenSheetOptions = {}): Promise<OpenedSheet[]> {
  const columnMap = await resolveColumnMap(options.columns);
  if (options.sheet !== undefined) return [await openWithMap(file, options, columnMap, [])];
  const choice = await choiceFor(file, columnMap);
  if (choice === null) return [await openWithMap(file, options, columnMap, [])];
  const opened: OpenedSheet[] = [];
  for (const sheet of [choice.products, choice.brands]) {
    if (sheet !== null) opened.push(await openWithMap(file, { ...options, sheet }, columnMap, choice.hiddenSkipped));
  }
  return opened;
}

/**
 * The names of the sheets openSheets reads, without reading them: what import, validate, watch and
 * schedule each make a batch of. null: a CSV (one sheet), or a workbook without sheets.
 */
export async function sheetsToSync(
  file: string,
  options: Pick<OpenSheetOptions, 'sheet' | 'columns'> = {},
): Promise<string[] | null> {
  if (options.sheet !== undefined) return [options.sheet];
  const choice = await choiceFor(file, await resolveColumnMap(options.columns));
  if (choice === null) return null;
  return [choice.products, choice.brands].filter((sheet): sheet is string => sheet !== null);
}

/** null: a CSV, or a workbook without sheets (the reader says so). Throws when every sheet is hidden. */
async function choiceFor(file: string, columnMap: ColumnMap | undefined): Promise<SheetChoice | null> {
  const sheets = await listSheets(file);
  if (sheets === null || sheets.length === 0) return null;
  const scores = new Map<string, number>();
  for (const sheet of sheetsToScore(sheets)) scores.set(sheet, await headerScore(file, sheet, columnMap));
  const choice = chooseSheets(sheets, scores);
  if (choice.products === null && choice.brands === null) {
    const names = sheets.map((sheet) => `"${sheet.name}"`).join(', ');
    throw new SheetFileError(file, 'no_visible_sheet', said('file.no_visible_sheet', { sheets: names }));
  }
  return choice;
}

/**
 * How many known columns a sheet's header names, found as when it is read (a banner above it is
 * passed over); -1 for a sheet that cannot be read or holds nothing, so it is never preferred.
 * Only sheets whose names say nothing are scored, and reading one checks it whole (src/xlsx).
 */
async function headerScore(file: string, sheet: string, columnMap: ColumnMap | undefined): Promise<number> {
  const score = (headers: readonly string[]): number => knownColumnCount(headers, columnMap);
  try {
    const reader = await readSheetFile(file, { sheet });
    try {
      return score((await findHeaderRow(reader, score)).headers);
    } finally {
      await reader.close();
    }
  } catch (error) {
    if (error instanceof SheetFileError) return -1;
    throw error;
  }
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
  hiddenSheetsSkipped: string[],
): Promise<OpenedSheet> {
  const readOptions = {
    ...(options.encoding !== undefined ? { encoding: options.encoding } : {}),
    ...(options.delimiter !== undefined ? { delimiter: options.delimiter } : {}),
    ...(options.sheet !== undefined ? { sheet: options.sheet } : {}),
  };
  // A title banner or group labels above the header row are passed over, the same way on every pass.
  const score = (headers: readonly string[]): number => knownColumnCount(headers, columnMap);
  const first = await findHeaderRow(await readSheetFile(file, readOptions), score);
  const forcedKind: SheetKind | undefined =
    first.sheetName !== null && isBrandsSheet(first.sheetName) ? 'brands' : undefined;
  const categories = new CategoryNames(options.categories);
  const mapperOptions = {
    categories,
    kind: forcedKind,
    columnMap,
    delimiter: first.delimiter,
    maxTextLength: options.maxTextLength,
    fieldCount: first.fieldCount,
    keyColumn: options.keyColumn,
  };
  const mapper = createSheetMapper(first.headers, mapperOptions);
  // A sheet may start with empty rows: header issues carry the header's real row number.
  for (const issue of mapper.headerIssues) issue.row = first.headerRow;
  let unread: SheetReader | null = first;
  const readers = new Set<SheetReader>([first]);

  const openRows = async (): Promise<MappingSource> => {
    const reader: SheetReader =
      unread ??
      (await findHeaderRow(
        await readSheetFile(file, { ...readOptions, ...(first.sheetName ? { sheet: first.sheetName } : {}) }),
        score,
      ));
    const rowMapper = unread
      ? mapper
      : createSheetMapper(reader.headers, { ...mapperOptions, fieldCount: reader.fieldCount });
    unread = null;
    readers.add(reader);
    return {
      reader,
      mapRow: rowMapper.mapRow,
      wantsCategories: rowMapper.wantsCategories,
      loadCategories: () => categories.load(),
    };
  };
  const release = async (reader: SheetReader): Promise<void> => {
    readers.delete(reader);
    await reader.close();
  };

  return {
    file,
    format: first.format,
    sheetName: first.sheetName,
    hiddenSheetsSkipped,
    headerRow: first.headerRow,
    bannerRows: first.bannerRows,
    tableTotalsRows: first.tableTotalsRows ?? [],
    encoding: first.encoding,
    delimiter: first.delimiter,
    kind: mapper.kind,
    headers: mapper.headers,
    headerIssues: mapper.headerIssues,
    categoryNames: categories.read,
    columns: mapper.columns,
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
  wantsCategories: (raw: RawRow) => boolean;
  loadCategories: () => Promise<void>;
}

/**
 * The row's result, marked when Excel hides the row (the summary counts those). The first row that
 * names a category by its name waits for the store's list (once); every other row maps at once.
 */
function mapped(source: MappingSource, raw: RawRow): SheetRowResult | Promise<SheetRowResult> {
  if (source.wantsCategories(raw)) return source.loadCategories().then(() => marked(source.mapRow(raw), raw));
  return marked(source.mapRow(raw), raw);
}

function marked(result: SheetRowResult, raw: RawRow): SheetRowResult {
  if (raw.hidden === true) result.hidden = true;
  return result;
}

/**
 * Maps rows as the reader hands them over. A hand-written iterator rather than an async
 * generator: a generator adds two awaits per row, which shows on a 100,000-row sheet.
 * The reader is released at the end, on an error, and when the consumer stops early.
 */
/**
 * Rows handed out between two turns of the event loop. Rows the reader has buffered come out on
 * promise callbacks alone, which never let timers or sockets run; a macrotask turn after each
 * block keeps a long-running process (worker, watch) responsive while it reads a large sheet
 * (bench/event-loop.ts), at the cost of one turn per block.
 */
const ROWS_PER_TURN = 256;

function mappedRows(
  open: () => Promise<MappingSource>,
  release: (reader: SheetReader) => Promise<void>,
): AsyncIterable<SheetRowResult> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<SheetRowResult> {
      let source: (MappingSource & { inner: AsyncIterator<RawRow> }) | null = null;
      let finished = false;
      let sinceTurn = 0;
      const finish = async (): Promise<IteratorResult<SheetRowResult>> => {
        if (!finished && source) await release(source.reader);
        finished = true;
        return { done: true, value: undefined };
      };
      const step = (
        current: MappingSource & { inner: AsyncIterator<RawRow> },
      ): Promise<IteratorResult<SheetRowResult>> =>
        current.inner.next().then(
          (result) => {
            if (result.done) return finish();
            const value = mapped(current, result.value);
            return value instanceof Promise
              ? value.then((row) => ({ done: false, value: row }))
              : { done: false, value };
          },
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
          if (++sinceTurn >= ROWS_PER_TURN) {
            sinceTurn = 0;
            await turn();
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
