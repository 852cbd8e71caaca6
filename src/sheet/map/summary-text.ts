/**
 * The human summary validate prints, in English or Arabic (the CLI's `--lang`): its labels in the
 * language, the row messages as the caller rendered them, field names and values as typed. Pure:
 * summaries in, lines out.
 */
import type { Lang } from '../../messages/index.ts';
import { SUMMARY_WORDS } from '../../messages/sheet-summary.ts';
import type { RowIssue } from '../types.ts';
import type { SheetSummary } from './summary.ts';

export function summaryText(summary: SheetSummary, lang: Lang = 'en', firstErrors = 10): string {
  const w = SUMMARY_WORDS[lang];
  const lines = [w.head(summary.file, summary.sheetName, summary.kind === 'brands', summary.rows)];
  if (summary.hiddenSheetsSkipped.length > 0) lines.push(`  ${hiddenSkippedText(summary.hiddenSheetsSkipped, lang)}`);
  if (summary.bannerRows.length > 0) lines.push(`  ${w.banner(summary.headerRow, summary.bannerRows)}`);
  if (summary.tableTotalsRows.length > 0) lines.push(`  ${w.tableTotals(summary.tableTotalsRows)}`);
  if (summary.kind === 'brands') {
    lines.push(`${w.brandUpdates}${summary.brandUpdates}`);
  } else {
    lines.push(`${w.creates}${summary.creates}`);
    lines.push(
      `${w.updates}${summary.updates}${summary.updatesWithStatus > 0 ? w.alsoStatus(summary.updatesWithStatus) : ''}`,
    );
    lines.push(`${w.statusChanges}${summary.statusChanges}`);
  }
  lines.push(`${w.skipped}${summary.skipped}${w.skippedWhy}`);
  lines.push(`${w.invalidRows}${summary.invalidRows}${summary.invalidRows > 0 ? w.notSent : ''}`);
  if (summary.rowsWithWarnings > 0) lines.push(`${w.warningsOnly}${summary.rowsWithWarnings}`);
  if (summary.hiddenRows > 0) lines.push(w.hiddenRows(summary.hiddenRows));
  if (summary.plan && summary.planAgainst) lines.push(w.plan(summary.planAgainst, summary.plan, summary.retired));
  const names = summary.categoryNames ?? [];
  if (names.length > 0) lines.push(`  ${w.namesRead}`, ...names.map((name) => `    ${w.nameRead(name)}`));
  const headerLines = summary.headerIssues.map((issue) => `  ${issueLine(issue, lang)}`);
  if (headerLines.length > 0) lines.push(w.header, ...headerLines);
  const errors = summary.issues.filter((issue) => issue.severity === 'error');
  if (errors.length > 0) {
    const all = errors.length + (summary.issuesLeftOut > 0 ? summary.issuesLeftOut : 0);
    lines.push(w.firstErrors(Math.min(firstErrors, errors.length), all));
    for (const issue of errors.slice(0, firstErrors)) lines.push(`  ${issueLine(issue, lang)}`);
  }
  return lines.join('\n');
}

/** validate's last lines: where the row issues went, and whether every row can be sent. */
export function verdictText(issuesCsv: string | null, valid: boolean, lang: Lang = 'en'): string {
  const w = SUMMARY_WORDS[lang];
  return [issuesCsv !== null ? w.issuesWritten(issuesCsv) : w.noIssues, valid ? w.valid : w.notValid].join('\n');
}

export function issueLine(issue: RowIssue, lang: Lang = 'en'): string {
  const w = SUMMARY_WORDS[lang];
  // By message key: a mojibake whose letters were already replaced is not fixed by --encoding.
  const note = w.cliNotes[issue.messageKey ?? issue.code];
  return w.issue(
    issue.row,
    issue.column,
    issue.severity,
    note === undefined ? issue.message : `${issue.message} ${note}`,
  );
}

/** `hidden sheets skipped: "Sheet1", "Old" (read one with --sheet)`: the same words for validate and import. */
export function hiddenSkippedText(names: readonly string[], lang: Lang = 'en'): string {
  return SUMMARY_WORDS[lang].hiddenSkipped(names.map((name) => `"${name}"`).join(lang === 'ar' ? '، ' : ', '));
}
