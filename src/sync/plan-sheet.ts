/**
 * Plans a whole sheet as a sync would read it (the same reader and mapper), looking the products'
 * records up a chunk of rows at a time, and hands each row's decision (plan-row.ts) to `visit`:
 * the upload summary counts them, the preview keeps a page of them, the guard tallies all of them.
 */
import type { Ledger, LedgerEntry, ProductRecords } from '../ledger/ledger.ts';
import { recordKeysOf, type RecordKeys } from '../ledger/rules.ts';
import {
  openSheets,
  type CategorySource,
  type ColumnMapping,
  type SheetRowResult,
  type OpenedSheet,
} from '../sheet/index.ts';
import { planRow, type PlanSettings, type ProductRecord, type RowChange } from './plan-row.ts';
import { ListedKeys, retirementChange, retirementsOf, retiresWith, type AbsentSetting } from './retire.ts';

/**
 * Where the records of a store's products are read: its ledger (which lists its products with an
 * id, for `absent`); null when nothing is remembered (a rehearsal).
 */
export type RecordSource = (Pick<Ledger, 'getMany'> & Partial<ProductRecords>) | null;

export interface PlanSheetOptions {
  maxTextLength: number;
  /** The batch's ledger settings (mode, key column, retryUnknown); the row signature is the sheet's. */
  settings: Omit<PlanSettings, 'rowSignature'>;
  /** As the sync reads the sheet: a column mapping, one named sheet of a workbook. */
  columns?: ColumnMapping | undefined;
  sheet?: string | undefined;
  /** Which rows (by their place in the sheet, from 0) to plan; the others are only counted. */
  wanted?: (index: number) => boolean;
  /** Rows looked up together. @defaultValue 250 */
  chunk?: number;
  /** The store's category list, for cells that name a category (OpenSheetOptions.categories). */
  categories?: CategorySource | undefined;
  /**
   * The sheet is the whole catalog: once read whole, the products of the records it does not list
   * are planned as status changes to this status (sync/retire.ts), after its rows.
   */
  absent?: AbsentSetting | undefined;
}

/**
 * Rows looked up together. Few: a chunk's rows, records and decisions are alive until it is
 * planned, and what is alive when the young generation is collected is copied, then promoted.
 * With 2,000 rows the guard's collections over 100,000 rows took four to eight times as long as
 * with 250 (bench/one-plan.ts on a busy machine); a file ledger reads a chunk in runs either way.
 */
const CHUNK = 250;

/**
 * Calls `visit` with each wanted row's decision, in sheet order, then (with `absent`) each
 * product the sheet retires, with no sheet row; resolves with the rows counted. A sheet that
 * breaks part-way throws (SheetFileError) before any product is retired.
 */
export async function planSheet(
  file: string,
  records: RecordSource,
  options: PlanSheetOptions,
  /** May return a promise to be awaited before the next row (a writer's backpressure). */
  visit: (change: RowChange, sheetRow: SheetRowResult | null, sheet: OpenedSheet) => void | Promise<void>,
): Promise<number> {
  const wanted = options.wanted ?? (() => true);
  let index = 0;
  const opened = await openSheets(file, {
    maxTextLength: options.maxTextLength,
    keyColumn: options.settings.keyColumn,
    categories: options.categories,
    ...(options.columns !== undefined ? { columns: options.columns } : {}),
    ...(options.sheet !== undefined ? { sheet: options.sheet } : {}),
  });
  for (const sheet of opened) {
    const settings: PlanSettings = { ...options.settings, rowSignature: sheet.rowSignature };
    const retire = retireOf(records, options.absent, sheet);
    const listed = retire ? new ListedKeys(settings.keyColumn) : null;
    let lastRow = 1;
    let chunk: SheetRowResult[] = [];
    /**
     * The chunk whose records are being looked up: its lookup runs while the next chunk is read
     * and mapped, so a Redis ledger's round trip costs the guard no wall time of its own (one
     * chunk ahead at most: two chunks alive, not a sheet).
     */
    let ahead: { rows: SheetRowResult[]; changes: Promise<RowChange[]> } | null = null;
    const visitAhead = async (): Promise<void> => {
      if (ahead === null) return;
      const { rows, changes } = ahead;
      ahead = null;
      const decided = await changes;
      for (const [i, sheetRow] of rows.entries()) {
        // Awaited only when it asks to be: a microtask a row is felt at 100,000 rows.
        const waiting = visit(decided[i]!, sheetRow, sheet);
        if (waiting) await waiting;
      }
    };
    const flush = async (): Promise<void> => {
      await visitAhead();
      if (chunk.length === 0) return;
      ahead = { rows: chunk, changes: planRows(chunk, records, settings) };
      // Settled when visited; a lookup that fails before then is not an unhandled rejection.
      ahead.changes.catch(() => undefined);
      chunk = [];
    };
    try {
      for await (const sheetRow of sheet.rows()) {
        listed?.add(sheetRow);
        lastRow = Math.max(lastRow, sheetRow.row);
        if (wanted(index++)) chunk.push(sheetRow);
        if (chunk.length >= (options.chunk ?? CHUNK)) await flush();
      }
      await flush();
      await visitAhead();
      // Read whole (a break part-way threw): what the sheet no longer lists is retired.
      if (retire && listed) {
        for await (const retirement of retirementsOf(retire.records, listed, retire.absent)) {
          lastRow++;
          if (wanted(index++)) await visit(retirementChange(lastRow, retirement, retire.absent), null, sheet);
        }
      }
    } finally {
      await sheet.close();
    }
  }
  return index;
}

/** The records and setting a sheet retires with, or null when it does not (no `absent`, not products, no listing). */
function retireOf(
  records: RecordSource,
  absent: AbsentSetting | undefined,
  sheet: OpenedSheet,
): { records: ProductRecords; absent: AbsentSetting } | null {
  const products = records?.products?.bind(records);
  if (!retiresWith(absent, sheet, undefined) || products === undefined) return null;
  return { records: { products }, absent };
}

/** The decisions for a chunk of rows read (one or two lookups of their records), in order. */
export async function planRows(
  chunk: readonly SheetRowResult[],
  records: RecordSource,
  settings: PlanSettings,
): Promise<RowChange[]> {
  const keys = chunk.map((sheetRow) =>
    sheetRow.plan === null ? null : recordKeysOf(sheetRow.plan, settings.keyColumn),
  );
  const found = await recordsOf(keys, records);
  return chunk.map((sheetRow, i) => planRow(sheetRow, found[i]!, settings, keys[i]));
}

/**
 * Each row's record, in order: one lookup of the chunk's own keys, then one of the create keys the
 * rows also name whose own record does not link them yet (a linked record names its create key:
 * the conflict check needs no second read). Halves the guard's lookups once a catalog is linked.
 */
async function recordsOf(keys: readonly (RecordKeys | null)[], records: RecordSource): Promise<ProductRecord[]> {
  if (records === null) return keys.map(() => ({ own: undefined, link: undefined }));
  const own = await lookup(
    records,
    keys.map((k) => k?.own ?? null),
  );
  const links = await lookup(
    records,
    keys.map((k, i) => (k?.link == null || own[i]?.ln?.includes(k.link) ? null : k.link)),
  );
  return keys.map((k, i) => ({
    own: own[i],
    // A linked record is its own create key's record too.
    link: k?.link == null ? undefined : (links[i] ?? (own[i]?.ln?.includes(k.link) ? own[i] : undefined)),
  }));
}

/** One getMany of the distinct keys asked; each position's entry (undefined for null or absent). */
async function lookup(
  records: Pick<Ledger, 'getMany'>,
  keys: readonly (string | null)[],
): Promise<(LedgerEntry | undefined)[]> {
  // Each distinct key's place in `asked`; one pass, no intermediate arrays (a chunk a lookup).
  const place = new Map<string, number>();
  const asked: string[] = [];
  for (const key of keys)
    if (key !== null && !place.has(key)) {
      place.set(key, asked.length);
      asked.push(key);
    }
  if (asked.length === 0) return keys.map(() => undefined);
  // The plan reads no undo steps: left unparsed, the most of a record's text once it has a few.
  const entries = await records.getMany(asked, 'plan');
  return keys.map((key) => (key === null ? undefined : entries[place.get(key)!]));
}
