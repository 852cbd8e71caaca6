/** Checks on a text value that are about the text itself: mojibake. */
import type { RowIssue } from '../types.ts';
import { detectMojibake, excerpt } from './text.ts';

/** Adds an error and returns false when the text is mojibake. */
export function checkText(value: string, column: { header: string }, row: number, issues: RowIssue[]): boolean {
  const mojibake = detectMojibake(value);
  if (mojibake === null) return true;
  issues.push({
    row,
    column: column.header,
    code: 'mojibake',
    severity: 'error',
    message: `${column.header}: ${JSON.stringify(excerpt(value))} looks garbled (UTF-8 text read as ${mojibake === 'windows-1256' ? 'Windows-1256' : 'Windows-1252'}); save the file as "CSV UTF-8" in Excel, or pass --encoding utf8`,
  });
  return false;
}
