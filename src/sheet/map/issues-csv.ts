/**
 * The row errors of a validation as CSV text a person opens in Excel: UTF-8 with a BOM (so Excel
 * shows Arabic), CRLF, and cells starting with = + - @ neutralised (formula injection).
 */
import { stringify } from 'csv-stringify/sync';
import type { RowIssue } from '../types.ts';

export const ISSUE_CSV_COLUMNS = ['sheet', 'row', 'column', 'severity', 'code', 'message'] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell Excel would run as a formula gets a leading apostrophe, which Excel shows as text. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export interface SheetIssues {
  sheetName: string | null;
  issues: readonly RowIssue[];
}

export function issuesCsv(sheets: readonly SheetIssues[]): string {
  const records: string[][] = [[...ISSUE_CSV_COLUMNS]];
  for (const sheet of sheets) {
    for (const issue of sheet.issues) {
      records.push(
        [sheet.sheetName ?? '', String(issue.row), issue.column ?? '', issue.severity, issue.code, issue.message].map(
          neutraliseCell,
        ),
      );
    }
  }
  return `\uFEFF${stringify(records, { record_delimiter: '\r\n' })}`;
}
