/**
 * Plans a whole sheet as a sync would read it (the same reader and mapper), looking the products'
 * records up a chunk of rows at a time, and hands each row's decision (plan-row.ts) to `visit`:
 * the upload summary counts them, the preview keeps a page of them, the guard tallies all of them.
 */
import type { Ledger } from '../ledger/ledger.ts';
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
      const found = await recordsOf(chunk, records, settings.keyColumn);
      for (const [i, sheetRow] of chunk.entries()) await visit(planRow(sheetRow, found[i]!, settings), sheetRow, sheet);
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

/** Each row's record, in order: one lookup of the chunk's keys (each row's own and the one it links). */
async function recordsOf(
  chunk: readonly SheetRowResult[],
  records: RecordSource,
  keyColumn: string,
): Promise<ProductRecord[]> {
  const keys = chunk.map((sheetRow) => (sheetRow.plan === null ? null : recordKeysOf(sheetRow.plan, keyColumn)));
  const asked = [
    ...new Set(keys.flatMap((k) => (k === null ? [] : [k.own, k.link])).filter((k): k is string => k !== null)),
  ];
  const entries = records === null || asked.length === 0 ? [] : await records.getMany(asked);
  const byKey = new Map(asked.map((key, i) => [key, entries[i]]));
  return keys.map((k) => ({
    own: k?.own == null ? undefined : byKey.get(k.own),
    link: k?.link == null ? undefined : byKey.get(k.link),
  }));
}
