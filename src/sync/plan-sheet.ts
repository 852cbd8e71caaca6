/**
 * Plans a whole sheet as a sync would read it (the same reader and mapper), looking the products'
 * records up a chunk of rows at a time, and hands each row's decision (plan-row.ts) to `visit`:
 * the upload summary counts them, the preview keeps a page of them, the guard tallies all of them.
 */
import type { Ledger, LedgerEntry } from '../ledger/ledger.ts';
import { recordKeysOf } from '../ledger/rules.ts';
import { openSheets, type ColumnMapping, type SheetRowResult, type OpenedSheet } from '../sheet/index.ts';
import { planRow, type PlanSettings, type ProductRecord, type RowChange } from './plan-row.ts';

/** Where the records of a store's products are read: its ledger; null when nothing is remembered (a rehearsal). */
export type RecordSource = Pick<Ledger, 'getMany'> | null;

export interface PlanSheetOptions {
  maxTextLength: number;
  /** The batch's ledger settings (mode, key column, retryUnknown); the row signature is the sheet's. */
  settings: Omit<PlanSettings, 'rowSignature'>;
  /** As the sync reads the sheet: a column mapping, one named sheet of a workbook. */
  columns?: ColumnMapping | undefined;
  sheet?: string | undefined;
  /** Which rows (by their place in the sheet, from 0) to plan; the others are only counted. */
  wanted?: (index: number) => boolean;
  /** Rows looked up together. @defaultValue 2,000 */
  chunk?: number;
}

/** Rows looked up together: a preview's page fits in one. */
const CHUNK = 2000;

/** Calls `visit` with each wanted row's decision, in sheet order; resolves with the rows counted. */
export async function planSheet(
  file: string,
  records: RecordSource,
  options: PlanSheetOptions,
  /** May return a promise to be awaited before the next row (a writer's backpressure). */
  visit: (change: RowChange, sheetRow: SheetRowResult, sheet: OpenedSheet) => void | Promise<void>,
): Promise<number> {
  const wanted = options.wanted ?? (() => true);
  let index = 0;
  const opened = await openSheets(file, {
    maxTextLength: options.maxTextLength,
    keyColumn: options.settings.keyColumn,
    ...(options.columns !== undefined ? { columns: options.columns } : {}),
    ...(options.sheet !== undefined ? { sheet: options.sheet } : {}),
  });
  for (const sheet of opened) {
    const settings: PlanSettings = { ...options.settings, rowSignature: sheet.rowSignature };
    let chunk: SheetRowResult[] = [];
    const flush = async (): Promise<void> => {
      const changes = await planRows(chunk, records, settings);
      for (const [i, sheetRow] of chunk.entries()) {
        // Awaited only when it asks to be: a microtask a row is felt at 100,000 rows.
        const waiting = visit(changes[i]!, sheetRow, sheet);
        if (waiting) await waiting;
      }
      chunk = [];
    };
    try {
      for await (const sheetRow of sheet.rows()) {
        if (wanted(index++)) chunk.push(sheetRow);
        if (chunk.length >= (options.chunk ?? CHUNK)) await flush();
      }
      await flush();
    } finally {
      await sheet.close();
    }
  }
  return index;
}

/** The decisions for a chunk of rows read (one or two lookups of their records), in order. */
export async function planRows(
  chunk: readonly SheetRowResult[],
  records: RecordSource,
  settings: PlanSettings,
): Promise<RowChange[]> {
  const found = await recordsOf(chunk, records, settings.keyColumn);
  return chunk.map((sheetRow, i) => planRow(sheetRow, found[i]!, settings));
}

/**
 * Each row's record, in order: one lookup of the chunk's own keys, then one of the create keys the
 * rows also name whose own record does not link them yet (a linked record names its create key:
 * the conflict check needs no second read). Halves the guard's lookups once a catalog is linked.
 */
async function recordsOf(
  chunk: readonly SheetRowResult[],
  records: RecordSource,
  keyColumn: string,
): Promise<ProductRecord[]> {
  const keys = chunk.map((sheetRow) => (sheetRow.plan === null ? null : recordKeysOf(sheetRow.plan, keyColumn)));
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
  const asked = [...new Set(keys.filter((k): k is string => k !== null))];
  if (asked.length === 0) return keys.map(() => undefined);
  const entries = await records.getMany(asked);
  const byKey = new Map(asked.map((key, i) => [key, entries[i]]));
  return keys.map((key) => (key === null ? undefined : byKey.get(key)));
}
