/**
 * A fix of a batch's problem rows, as the page sends it: the rows as edited, checked by the same
 * mapper `validate` and every sync use (src/sheet), and written as a sheet of exactly those rows
 * with the batch's own headers and a `row` column, so the batch that sends them reports each row
 * under the number the person saw. Nothing here sends anything.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { FIX_TEXTS } from '../messages/fix-rows.ts';
import { textOf, type Lang } from '../messages/index.ts';
import type { Outcome } from '../outcome.ts';
import type { ReportedRow } from '../report/report-reader.ts';
import {
  CategoryNames,
  createSheetMapper,
  openSheet,
  type CategorySource,
  type SheetKind,
  type SheetRowResult,
} from '../sheet/index.ts';
import { RequestError } from './request-error.ts';
import type { FixProblem } from './answers/fix.ts';
import { uploadsDir } from './uploads.ts';

export interface FixRow {
  row: number;
  cells: Record<string, string>;
}

export type { FixProblem } from './answers/fix.ts';

/** The most rows one fix may send: the page shows a page of problem rows at a time. */
export const MAX_FIX_ROWS = 1000;

/** The body of `POST .../fix` and `.../fix/check`; a shape that is not one is a 400 naming what is wrong. */
export function fixBody(body: unknown): { rows: FixRow[]; confirm: boolean } {
  const value = (body ?? {}) as { rows?: unknown; confirm?: unknown };
  if (!Array.isArray(value.rows) || value.rows.length === 0)
    throw new RequestError(400, 'rows: expected a list of {row, cells} (at least one)');
  if (value.rows.length > MAX_FIX_ROWS) throw new RequestError(400, `rows: at most ${MAX_FIX_ROWS} rows per fix`);
  const seen = new Set<number>();
  const rows = value.rows.map((item: unknown, index): FixRow => {
    const { row, cells } = (item ?? {}) as { row?: unknown; cells?: unknown };
    if (typeof row !== 'number' || !Number.isSafeInteger(row) || row < 2)
      throw new RequestError(400, `rows[${index}].row: expected a sheet row number (2 or more)`);
    if (seen.has(row)) throw new RequestError(400, `rows[${index}].row: row ${row} is sent twice`);
    seen.add(row);
    if (cells === null || typeof cells !== 'object' || Array.isArray(cells))
      throw new RequestError(400, `rows[${index}].cells: expected {<header>: <text>}`);
    const texts: Record<string, string> = {};
    for (const [header, text] of Object.entries(cells)) {
      if (typeof text !== 'string') throw new RequestError(400, `rows[${index}].cells.${header}: expected text`);
      texts[header] = text;
    }
    return { row, cells: texts };
  });
  if (value.confirm !== undefined && typeof value.confirm !== 'boolean')
    throw new RequestError(400, 'confirm: expected true or false');
  return { rows, confirm: value.confirm === true };
}

/** How the batch's sheet was read: its delimiter keeps the meaning of a decimal comma (`12,5`). */
export interface SheetShape {
  headers: string[];
  delimiter: string;
  kind: SheetKind;
}

/** Files whose delimiter was read: the page checks each edit as it is typed, the file is read once. */
const delimiters = new Map<string, string>();
const KEEP_DELIMITERS = 200;

/** The batch's own file's delimiter, when it is still there to read; a comma otherwise. */
export async function delimiterOf(file: string | undefined, maxTextLength: number): Promise<string> {
  if (file === undefined) return ',';
  const known = delimiters.get(file);
  if (known !== undefined) return known;
  let delimiter = ',';
  try {
    const opened = await openSheet(file, { maxTextLength });
    await opened.close();
    delimiter = opened.delimiter ?? ',';
  } catch {
    // Gone or unreadable now: a comma, and the cells as the report has them.
  }
  if (delimiters.size >= KEEP_DELIMITERS) delimiters.delete(delimiters.keys().next().value!);
  delimiters.set(file, delimiter);
  return delimiter;
}

/**
 * The edited rows, each merged over its reported cells, mapped as a sync would map them (a
 * category typed by its name read against the store's list the console keeps).
 */
export async function checkFix(
  rows: readonly FixRow[],
  reported: ReadonlyMap<number, ReportedRow>,
  shape: SheetShape,
  batchId: string,
  options: { maxTextLength: number; lang: Lang; categories: CategorySource },
): Promise<{ problems: FixProblem[]; cells: string[][] }> {
  const { maxTextLength, lang } = options;
  const categories = new CategoryNames(options.categories);
  const known = new Set(shape.headers);
  for (const row of rows)
    for (const header of Object.keys(row.cells))
      if (!known.has(header))
        throw new RequestError(400, `row ${row.row}: "${header.slice(0, 60)}" is not a column of batch ${batchId}`);
  const mapper = createSheetMapper(shape.headers, {
    kind: shape.kind,
    delimiter: shape.delimiter,
    maxTextLength,
    categories,
  });
  const problems: FixProblem[] = [];
  const cells: string[][] = [];
  for (const row of rows) {
    const before = reported.get(row.row);
    if (!before) {
      problems.push({ row: row.row, column: null, message: FIX_TEXTS[lang].notInReport(row.row, batchId) });
      continue;
    }
    const texts = shape.headers.map((header) => row.cells[header] ?? before.cells[header] ?? '');
    cells.push(texts);
    const raw = { row: row.row, values: texts };
    if (mapper.wantsCategories(raw)) await categories.load();
    const mapped = mapper.mapRow(raw);
    problems.push(...rowProblems(mapped, before.outcome, batchId, lang));
  }
  return { problems, cells };
}

function rowProblems(mapped: SheetRowResult, outcome: Outcome, batchId: string, lang: Lang): FixProblem[] {
  const errors = mapped.issues.filter((issue) => issue.severity === 'error');
  if (errors.length > 0)
    return errors.map((issue) => ({ row: mapped.row, column: issue.column, message: textOf(issue, lang) }));
  if (outcome === 'unknown' && mapped.plan?.kind === 'create')
    return [
      {
        row: mapped.row,
        column: null,
        message: FIX_TEXTS[lang].unknownCreate(batchId),
      },
    ];
  return [];
}

/**
 * Writes the fixed rows as a CSV beside the uploads (`<report-dir>/uploads/<id>/fix-<batch>.csv`):
 * the batch's headers and a `row` column with the number each row had, in the batch's delimiter.
 */
export async function writeFixSheet(
  reportDir: string,
  batchId: string,
  shape: SheetShape,
  rows: readonly FixRow[],
  cells: readonly string[][],
): Promise<string> {
  const dir = join(uploadsDir(reportDir), `u-${randomBytes(8).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `fix-${batchId}.csv`);
  const records = [[...shape.headers, 'row'], ...cells.map((texts, i) => [...texts, String(rows[i]!.row)])];
  // Every cell quoted: spaces at either end and a decimal comma survive as typed.
  await writeFile(path, stringify(records, { delimiter: shape.delimiter, quoted: true }), { flag: 'wx' });
  return path;
}
