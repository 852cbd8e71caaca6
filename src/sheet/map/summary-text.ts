/** The human summary validate prints. Pure: summaries in, lines out. */
import type { RowIssue } from '../types.ts';
import type { SheetSummary } from './summary.ts';

export function summaryText(summary: SheetSummary, firstErrors = 10): string {
  const where = summary.sheetName !== null ? ` [sheet ${summary.sheetName}]` : '';
  const lines = [
    `${summary.file}${where}: ${summary.kind === 'brands' ? 'brand' : 'product'} sheet, ${summary.rows} data rows`,
  ];
  if (summary.hiddenSheetsSkipped.length > 0) lines.push(`  ${hiddenSkippedText(summary.hiddenSheetsSkipped)}`);
  if (summary.bannerRows.length > 0) {
    const above =
      summary.bannerRows.length === 1 ? `row ${summary.bannerRows[0]}` : `rows ${summary.bannerRows.join(', ')}`;
    lines.push(`  header row: ${summary.headerRow} (${above} above it names no known column: a title, not read)`);
  }
  if (summary.kind === 'brands') {
    lines.push(`  brand updates:  ${summary.brandUpdates}`);
  } else {
    lines.push(`  creates:        ${summary.creates}`);
    lines.push(
      `  updates:        ${summary.updates}${summary.updatesWithStatus > 0 ? ` (${summary.updatesWithStatus} also change the status)` : ''}`,
    );
    lines.push(`  status changes: ${summary.statusChanges}`);
  }
  lines.push(`  skipped:        ${summary.skipped} (blank rows, action skip)`);
  lines.push(`  invalid rows:   ${summary.invalidRows}${summary.invalidRows > 0 ? ' (not sent)' : ''}`);
  if (summary.rowsWithWarnings > 0) lines.push(`  rows with warnings only: ${summary.rowsWithWarnings}`);
  const headerLines = summary.headerIssues.map((issue) => `  ${issueLine(issue)}`);
  if (headerLines.length > 0) lines.push('header:', ...headerLines);
  const errors = summary.issues.filter((issue) => issue.severity === 'error');
  if (errors.length > 0) {
    lines.push(
      `first errors (${Math.min(firstErrors, errors.length)} of ${errors.length + (summary.issuesLeftOut > 0 ? summary.issuesLeftOut : 0)}):`,
    );
    for (const issue of errors.slice(0, firstErrors)) lines.push(`  ${issueLine(issue)}`);
  }
  return lines.join('\n');
}

export function issueLine(issue: RowIssue): string {
  const column = issue.column !== null ? `, ${issue.column}` : '';
  return `row ${issue.row}${column} [${issue.severity}] ${issue.message}`;
}

/** `hidden sheets skipped: "Sheet1", "Old" (read one with --sheet)`: the same words for validate and import. */
export function hiddenSkippedText(names: readonly string[]): string {
  return `hidden sheets skipped: ${names.map((name) => `"${name}"`).join(', ')} (name one with --sheet to read it)`;
}
