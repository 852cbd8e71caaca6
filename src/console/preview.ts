/**
 * What the page shows as soon as a sheet is dropped: `validate`'s summary (rows to create,
 * update, change status; the problem rows with row number, column, message and "did you mean"),
 * before anything is sent. The same reader and checks as `catalog-sync validate`; the messages
 * in the language the request asked for (key and parameters stay, for "did you mean").
 */
import { inLang, type Lang } from '../messages/index.ts';
import { headerHasErrors, openSheets, summarizeSheet, type SheetSummary } from '../sheet/index.ts';

export interface SheetPreview {
  valid: boolean;
  sheets: SheetSummary[];
}

/** The page lists this many problem rows per sheet; the rest are counted (issuesLeftOut). */
const KEEP_ISSUES = 500;

export async function previewSheet(file: string, maxTextLength: number, lang: Lang): Promise<SheetPreview> {
  const sheets: SheetSummary[] = [];
  for (const opened of await openSheets(file, { maxTextLength })) {
    try {
      sheets.push(inLangSummary(await summarizeSheet(opened, { keepIssues: KEEP_ISSUES }), lang));
    } finally {
      await opened.close();
    }
  }
  return { valid: sheets.every((s) => s.invalidRows === 0 && !headerHasErrors(s)), sheets };
}

function inLangSummary(summary: SheetSummary, lang: Lang): SheetSummary {
  return {
    ...summary,
    headerIssues: summary.headerIssues.map((issue) => inLang(issue, lang)),
    issues: summary.issues.map((issue) => inLang(issue, lang)),
  };
}
