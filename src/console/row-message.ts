/**
 * A reported row's message and the column at fault, in the language asked. The report holds the
 * message in its batch's language; its messages.jsonl the message as data (catalogue key and
 * parameters), rendered here in any language. A report without it (an earlier version's) still
 * has its invalid rows' cells: mapped again as a sync maps them, they give the same issue as
 * data. Otherwise the report's own text stands.
 */
import { join } from 'node:path';
import type { Lang } from '../messages/index.ts';
import { hintOf, textOf } from '../messages/index.ts';
import { REPORT_FILES } from '../report/batch-report.ts';
import { readRowMessages } from '../report/messages-file.ts';
import type { ReportedRow } from '../report/report-reader.ts';
import { createSheetMapper, type SheetMapper } from '../sheet/index.ts';
import type { SheetShape } from './fix-rows.ts';

export interface RowSaid {
  message: string;
  /** The header at fault as the sheet wrote it; null when the message names none. */
  column: string | null;
  /** What to do next, in the language asked (by the row's outcome and code). */
  hint: string | null;
  /** The StoreError or row-issue code when the report keeps it (messages.jsonl), for engineers. */
  code: string | null;
}

export async function rowMessages(
  dir: string,
  rows: readonly ReportedRow[],
  shape: () => Promise<SheetShape>,
  maxTextLength: number,
  lang: Lang,
): Promise<RowSaid[]> {
  const lines = await readRowMessages(join(dir, REPORT_FILES.messages), new Set(rows.map((row) => row.row)));
  let mapper: SheetMapper | null = null;
  const said: RowSaid[] = [];
  for (const row of rows) {
    const line = lines.get(row.row);
    if (line) {
      const params = line.params;
      said.push({
        message: textOf({ message: row.message, messageKey: line.messageKey, params }, lang),
        column: line.column ?? columnNamed(row.message, Object.keys(row.cells)),
        hint: hintOf({ outcome: row.outcome, code: line.code }, lang),
        code: line.code ?? null,
      });
      continue;
    }
    if (row.outcome === 'invalid') {
      if (mapper === null) {
        const { headers, delimiter, kind } = await shape();
        mapper = createSheetMapper(headers, { kind, delimiter, maxTextLength });
      }
      const headers = mapper.headers;
      const issue = mapper
        .mapRow({ row: row.row, values: headers.map((header) => row.cells[header] ?? '') })
        .issues.find((i) => i.severity === 'error');
      if (issue) {
        said.push({
          message: textOf(issue, lang),
          column: issue.column,
          hint: hintOf({ outcome: row.outcome, code: issue.code }, lang),
          code: issue.code,
        });
        continue;
      }
    }
    said.push({
      message: row.message,
      column: columnNamed(row.message, Object.keys(row.cells)),
      hint: hintOf({ outcome: row.outcome }, lang),
      code: null,
    });
  }
  return said;
}

/**
 * The header a row's message names first (`sale_price: "12,5O" is not a number`): messages of
 * invalid rows start with the column as the sheet wrote it, or as its field (`barcode: ...`).
 */
export function columnNamed(message: string, headers: readonly string[]): string | null {
  const colon = message.indexOf(':');
  if (colon <= 0) return null;
  const named = message.slice(0, colon).trim().toLowerCase();
  return headers.find((header) => header.trim().toLowerCase() === named) ?? null;
}
