/**
 * The row errors of a validation as CSV text a person opens in Excel: UTF-8 with a BOM (so Excel
 * shows Arabic), CRLF, and every cell through the formula guard (files/formula-guard.ts).
 */
import { stringify } from 'csv-stringify/sync';
import { neutraliseCell } from '../../files/formula-guard.ts';
import type { RowIssue } from '../types.ts';

export const ISSUE_CSV_COLUMNS = ['sheet', 'row', 'column', 'severity', 'code', 'message'] as const;

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
