/** `validate`: read + map + check a sheet, nothing sent. Exit 0 all rows valid, 1 some row invalid, 2 file unreadable. */
import { mkdir } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { writeFileAtomic } from '../../files/atomic-write.ts';
import { inLang } from '../../messages/index.ts';
import { openSheets } from '../../sheet/open.ts';
import { issuesCsv } from '../../sheet/map/issues-csv.ts';
import { summarizeSheet } from '../../sheet/map/summarize.ts';
import { headerHasErrors, type SheetSummary } from '../../sheet/map/summary.ts';
import { summaryText, verdictText } from '../../sheet/map/summary-text.ts';
import { ExitError, type CliContext } from '../context.ts';
import { EXIT } from '../exit-codes.ts';

export interface ValidateFlags {
  columns?: string;
  encoding?: string;
  delimiter?: string;
  sheet?: string;
  json?: boolean;
  errorsCsv?: string;
  keyColumn?: string;
}

export async function validate(ctx: CliContext, file: string, flags: ValidateFlags): Promise<void> {
  const config = await ctx.config();
  const sheets = await openSheets(file, {
    columns: flags.columns,
    encoding: decodeDelimiterName(flags.encoding),
    delimiter: decodeDelimiter(flags.delimiter),
    sheet: flags.sheet,
    maxTextLength: config.maxTextLength,
    keyColumn: flags.keyColumn,
  });
  const summaries: SheetSummary[] = [];
  const lang = ctx.lang();
  // Row messages in the person's language; field names and values stay as typed.
  for (const sheet of sheets) {
    const summary = await summarizeSheet(sheet);
    summary.issues = summary.issues.map((issue) => inLang(issue, lang));
    summary.headerIssues = summary.headerIssues.map((issue) => inLang(issue, lang));
    summaries.push(summary);
  }
  const issueCount = summaries.reduce((n, s) => n + s.issues.length + s.headerIssues.length, 0);
  const csvPath =
    issueCount > 0
      ? (flags.errorsCsv ?? join(config.reportDir, 'validate', `${basename(file, extname(file))}.issues.csv`))
      : null;
  if (csvPath !== null) {
    await mkdir(dirname(csvPath), { recursive: true });
    await writeFileAtomic(
      csvPath,
      issuesCsv(summaries.map((s) => ({ sheetName: s.sheetName, issues: [...s.headerIssues, ...s.issues] }))),
    );
  }
  const valid = summaries.every((s) => s.invalidRows === 0 && !headerHasErrors(s));
  if (flags.json) {
    ctx.print(JSON.stringify({ file, valid, issuesCsv: csvPath, sheets: summaries }, null, 2));
  } else {
    for (const summary of summaries) ctx.print(summaryText(summary, lang));
    ctx.print(verdictText(csvPath, valid, lang));
  }
  if (!valid) throw new ExitError(EXIT.problems, '');
}

/** `\t` and `tab` as typed on a command line mean a tab. */
function decodeDelimiter(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value === '\\t' || value.toLowerCase() === 'tab' ? '\t' : value;
}

function decodeDelimiterName(value: string | undefined): string | undefined {
  return value?.trim() === '' ? undefined : value;
}
