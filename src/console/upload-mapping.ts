/**
 * An upload's column mapping: the one a person chose (or a saved one picked for its headers),
 * kept beside the upload as `<uploads>/<id>.columns.json` so its plan, its guard and its batch
 * read the sheet the same way; and, for a sheet whose headers the aliases do not know, the
 * proposal the page's mapping step shows.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { columnMapFromRecord, headerFields, openSheets, type OpenedSheet } from '../sheet/index.ts';
import { FIELD_CHOICES } from '../messages/console.ts';
import type { StoredUpload } from './uploads.ts';
import type { MappingProposal } from './answers/upload.ts';

export type Columns = Record<string, string | null>;

export type { MappingProposal } from './answers/upload.ts';

/** The sheet's first rows shown beside its headers. */
const FIRST_ROWS = 5;

/** Header issues a mapping answers. */
const MAPPING_CODES = new Set(['unknown_column', 'unknown_columns', 'duplicate_column', 'column_map_mismatch']);

/** A product sheet names at least one of these, or nothing can be created or updated from it. */
const KEY_FIELDS = new Set(['product_id', 'title', 'title_ar', 'sale_price', 'category', 'barcode']);

/** The sheet's header row as read (the first sheet openSheets reads), without its rows. */
export interface SheetHead {
  headers: string[];
  fields: (string | null)[];
  needsMapping: boolean;
}

function mappingFile(upload: Pick<StoredUpload, 'path' | 'uploadId'>): string {
  // Beside the upload's folder, which holds the sheet alone (uploads.ts uploadById).
  return join(dirname(dirname(upload.path)), `${upload.uploadId}.columns.json`);
}

export async function keepMapping(upload: Pick<StoredUpload, 'path' | 'uploadId'>, columns: Columns): Promise<void> {
  await writeFileAtomic(mappingFile(upload), JSON.stringify(columns));
}

/** The mapping kept for an upload, or undefined (the aliases alone read it). */
export async function keptMapping(upload: Pick<StoredUpload, 'path' | 'uploadId'>): Promise<Columns | undefined> {
  try {
    return JSON.parse(await readFile(mappingFile(upload), 'utf8')) as Columns;
  } catch {
    return undefined;
  }
}

function headOf(sheet: OpenedSheet, columns: Columns | undefined): SheetHead {
  const fields = headerFields(
    sheet.headers,
    columns === undefined ? undefined : columnMapFromRecord('columns mapping', columns),
  );
  const unanswered = sheet.headerIssues.some((issue) => MAPPING_CODES.has(issue.code));
  const keyless = sheet.kind === 'products' && !fields.some((field) => field !== null && KEY_FIELDS.has(field));
  return { headers: sheet.headers, fields, needsMapping: unanswered || keyless };
}

/**
 * The head of the upload's first sheet, read with `columns`, and its first rows when `withRows`.
 * SheetFileError when it cannot be read (the plan says so to the person).
 */
export async function readHead(
  path: string,
  maxTextLength: number,
  columns: Columns | undefined,
  withRows = false,
): Promise<SheetHead & { rows: string[][] }> {
  const sheets = await openSheets(path, { maxTextLength, ...(columns === undefined ? {} : { columns }) });
  try {
    const first = sheets[0];
    if (!first) return { headers: [], fields: [], needsMapping: false, rows: [] };
    const rows: string[][] = [];
    if (withRows) {
      for await (const row of first.rows()) {
        rows.push(row.cells);
        if (rows.length >= FIRST_ROWS) break;
      }
    }
    return { ...headOf(first, columns), rows };
  } finally {
    await Promise.all(sheets.map((sheet) => sheet.close()));
  }
}

export function proposalOf(head: SheetHead & { rows: string[][] }): MappingProposal {
  return {
    headers: head.headers.map((header, i) => ({ header, field: head.fields[i] ?? null })),
    rows: head.rows,
    fields: FIELD_CHOICES,
  };
}
