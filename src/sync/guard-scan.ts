/**
 * Reads a sheet as a sync would (the same reader and mapper) and works out each row's change
 * against the values last sent (guard-changes.ts), looking the products up a chunk of rows at a
 * time: the preview asks for a page of rows, the guard for all of them.
 */
import type { LastSent, SentValues } from '../ledger/last-sent.ts';
import { DEFAULT_KEY_COLUMN, ledgerKeyOf } from '../ledger/rules.ts';
import { openSheets, type SheetRowResult } from '../sheet/index.ts';
import { rowChange, type RowChange } from './guard-changes.ts';

export interface ScanOptions {
  maxTextLength: number;
  keyColumn?: string | undefined;
  /** Which rows (by their place in the sheet, from 0) to work out; the others are only counted. */
  wanted?: (index: number) => boolean;
}

/** Rows looked up together (one ledger-side read each chunk). */
const CHUNK = 2000;

/** Calls `visit` with each wanted row's change, in sheet order; resolves with the rows counted. */
export async function scanSheetChanges(
  file: string,
  lastSent: LastSent,
  options: ScanOptions,
  visit: (change: RowChange) => void,
): Promise<number> {
  const keyColumn = options.keyColumn ?? DEFAULT_KEY_COLUMN;
  const wanted = options.wanted ?? (() => true);
  let index = 0;
  let chunk: SheetRowResult[] = [];
  const flush = async (): Promise<void> => {
    if (chunk.length === 0) return;
    const keys = chunk.map((result) => (result.plan ? ledgerKeyOf(result.plan, keyColumn) : null));
    const asked = keys.filter((key): key is string => key !== null);
    const found = new Map<string, SentValues | undefined>();
    const values = asked.length > 0 ? await lastSent.getMany(asked) : [];
    asked.forEach((key, i) => found.set(key, values[i]));
    chunk.forEach((result, i) => visit(rowChange(result, keys[i] ? found.get(keys[i]) : undefined)));
    chunk = [];
  };
  for (const sheet of await openSheets(file, { maxTextLength: options.maxTextLength, keyColumn })) {
    try {
      for await (const result of sheet.rows()) {
        if (wanted(index++)) chunk.push(result);
        if (chunk.length >= CHUNK) await flush();
      }
    } finally {
      await sheet.close();
    }
  }
  await flush();
  return index;
}
