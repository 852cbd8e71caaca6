/** `validate`: read + map + check a sheet, nothing sent. Exit 0 all rows valid, 1 some row invalid, 2 file unreadable. */
import { mkdir } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { writeFileAtomic } from '../../files/atomic-write.ts';
import { inLang } from '../../messages/index.ts';
import { DEFAULT_KEY_COLUMN } from '../../ledger/rules.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { openSheets, type OpenedSheet } from '../../sheet/open.ts';
import type { SheetRowResult } from '../../sheet/types.ts';
import { planRows } from '../../sync/plan-sheet.ts';
import { categoryListOnce } from '../../sync/prepare.ts';
import type { CategorySource } from '../../sheet/index.ts';
import { issuesCsv } from '../../sheet/map/issues-csv.ts';
import { summarizeSheet, summaryBuilderOf } from '../../sheet/map/summarize.ts';
import { headerHasErrors, type PlanCounts, type SheetSummary } from '../../sheet/map/summary.ts';
import { summaryText, verdictText } from '../../sheet/map/summary-text.ts';
import { ExitError, type CliContext } from '../context.ts';
import { whole } from '../flags.ts';
import type { ProductRecords } from '../../ledger/ledger.ts';
import { SUMMARY_WORDS } from '../../messages/sheet-summary.ts';
import { ListedKeys, retirementsOf, retiresWith, type AbsentSetting } from '../../sync/retire.ts';
import { EXIT } from '../exit-codes.ts';

export interface ValidateFlags {
  columns?: string;
  encoding?: string;
  delimiter?: string;
  sheet?: string;
  json?: boolean;
  errorsCsv?: string;
  keyColumn?: string;
  /** As import's: the sheet is the whole catalog; the plan counts what it would retire. */
  absentStatus?: string;
}

export async function validate(ctx: CliContext, file: string, flags: ValidateFlags): Promise<void> {
  const config = await ctx.config();
  const open = (categories?: CategorySource): Promise<OpenedSheet[]> =>
    openSheets(file, {
      columns: flags.columns,
      encoding: decodeDelimiterName(flags.encoding),
      delimiter: decodeDelimiter(flags.delimiter),
      sheet: flags.sheet,
      maxTextLength: config.maxTextLength,
      keyColumn: flags.keyColumn,
      categories,
    });
  const lang = ctx.lang();
  const absent =
    flags.absentStatus === undefined ? undefined : { status: whole('--absent-status', flags.absentStatus, 0) };
  // With a store configured, each row is planned against its ledger too, read without its lock
  // (beside a serve or watch that has it open): what a full sync would do, as the console's
  // upload summary says it; and a category named by its name is read against the store's list
  // (asked once, only if a cell names one). Without one, the sheet alone is checked.
  const summaries =
    config.storeUrl && config.storeEmail
      ? await ctx.withApp(async (app) => {
          const sheets = await open(categoryListOnce(await app.client()));
          const { where, ...ledger } = await app.readLedger();
          return summarizeAll(sheets, (sheet) => summarizeAndPlan(sheet, ledger, where, flags.keyColumn, absent));
        })
      : await summarizeAll(await open(), (sheet) => summarizeSheet(sheet));
  // Only the store's records say what a sheet no longer lists: never a silent "retires nothing".
  if (absent !== undefined && !summaries.some((s) => s.retired !== undefined))
    ctx.printError(SUMMARY_WORDS[lang].noRetire);
  // Row messages in the person's language; field names and values stay as typed.
  for (const summary of summaries) {
    summary.issues = summary.issues.map((issue) => inLang(issue, lang));
    summary.headerIssues = summary.headerIssues.map((issue) => inLang(issue, lang));
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

async function summarizeAll(
  sheets: readonly OpenedSheet[],
  summarize: (sheet: OpenedSheet) => Promise<SheetSummary>,
): Promise<SheetSummary[]> {
  const summaries: SheetSummary[] = [];
  for (const sheet of sheets) summaries.push(await summarize(sheet));
  return summaries;
}

/** The sheet's summary with each row's decision (sync/plan-row.ts) counted, a chunk of rows at a time. */
async function summarizeAndPlan(
  sheet: OpenedSheet,
  ledger: Pick<Ledger, 'getMany'> & ProductRecords,
  where: string,
  keyColumn: string | undefined,
  absent: AbsentSetting | undefined,
): Promise<SheetSummary> {
  const builder = summaryBuilderOf(sheet);
  // As the import's plan (sync/plan-sheet.ts): the keys the sheet lists, then the records it does not.
  const listed = retiresWith(absent, sheet, undefined) ? new ListedKeys(keyColumn ?? DEFAULT_KEY_COLUMN) : null;
  const plan: PlanCounts = { create: 0, update: 0, status: 0, brand: 0, unchanged: 0, skipped: 0, invalid: 0 };
  const settings = {
    mode: 'full' as const,
    keyColumn: keyColumn ?? DEFAULT_KEY_COLUMN,
    retryUnknown: false,
    rowSignature: sheet.rowSignature,
  };
  let chunk: SheetRowResult[] = [];
  const flush = async (): Promise<void> => {
    for (const change of await planRows(chunk, ledger, settings)) plan[change.action]++;
    chunk = [];
  };
  for await (const row of sheet.rows()) {
    builder.add(row);
    listed?.add(row);
    chunk.push(row);
    if (chunk.length >= 2_000) await flush();
  }
  await flush();
  if (!listed || absent === undefined) return { ...builder.summary, plan, planAgainst: where };
  let count = 0;
  for await (const _ of retirementsOf(ledger, listed, absent)) count++;
  return { ...builder.summary, plan, planAgainst: where, retired: count };
}

/** `\t` and `tab` as typed on a command line mean a tab. */
function decodeDelimiter(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value === '\\t' || value.toLowerCase() === 'tab' ? '\t' : value;
}

function decodeDelimiterName(value: string | undefined): string | undefined {
  return value?.trim() === '' ? undefined : value;
}
