/**
 * Sheet commands: `validate` (read + map + check, nothing sent) and `template` (blank sheets and
 * a sample to start from). Exit codes: 0 all rows valid, 1 some row invalid, 2 file unreadable.
 */
import { mkdir } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { writeFileAtomic } from '../files/atomic-write.ts';
import type { SheetSummary } from '../sheet/map/summary.ts';
import type { Category } from '../store/types.ts';
import { ExitError, type CliContext } from './context.ts';
import { EXIT } from './exit-codes.ts';

interface ValidateFlags {
  columns?: string;
  encoding?: string;
  delimiter?: string;
  sheet?: string;
  json?: boolean;
  errorsCsv?: string;
  keyColumn?: string;
}

interface TemplateFlags {
  out: string;
  withCategories?: boolean;
}

export function registerSheetCommands(program: Command, ctx: CliContext): void {
  program
    .command('validate <file>')
    .description('check a CSV/XLSX sheet without sending anything: what each row would do, and every row error')
    .option('--columns <map.yaml>', 'a column map file: header -> field (see docs)')
    .option('--encoding <name>', 'CSV encoding (default: detected; utf-8, windows-1256, utf-16le ...)')
    .option('--delimiter <char>', 'CSV delimiter (default: detected; , ; or tab)')
    .option('--sheet <name>', 'XLSX: the sheet to check (default: Products or the first sheet, plus Brands)')
    .option('--json', 'print the summary with every row issue as JSON')
    .option('--key-column <field>', 'the field import will key creates by: checked as an identifier, as barcode is')
    .option(
      '--errors-csv <path>',
      'where to write the row issues CSV (default <report-dir>/validate/<file>.issues.csv)',
    )
    .action(async (file: string, flags: ValidateFlags) => validate(ctx, file, flags));

  program
    .command('template')
    .description('write blank sheet templates (products XLSX/CSV, brands, status-only) and a sample sheet')
    .option('--out <dir>', 'folder to write to', 'templates')
    .option('--with-categories', 'fill a Categories sheet and the category dropdown from the store (needs credentials)')
    .action(async (flags: TemplateFlags) => template(ctx, flags));
}

async function validate(ctx: CliContext, file: string, flags: ValidateFlags): Promise<void> {
  const { openSheets } = await import('../sheet/open.ts');
  const { issuesCsv } = await import('../sheet/map/issues-csv.ts');
  const { summarizeSheet } = await import('../sheet/map/summarize.ts');
  const { headerHasErrors } = await import('../sheet/map/summary.ts');
  const { summaryText } = await import('../sheet/map/summary-text.ts');
  const config = await ctx.config();
  const sheets = await openSheets(file, {
    columns: flags.columns,
    encoding: decodeDelimiterName(flags.encoding),
    delimiter: decodeDelimiter(flags.delimiter),
    sheet: flags.sheet,
    maxTextLength: config.maxTextLength,
    keyColumn: flags.keyColumn,
  });
  const { inLang } = await import('../messages/index.ts');
  const lang = ctx.lang();
  const summaries: SheetSummary[] = [];
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
    for (const summary of summaries) ctx.print(summaryText(summary));
    ctx.print(csvPath !== null ? `row issues written to ${csvPath}` : 'no issues');
    ctx.print(valid ? 'valid: every row can be sent' : 'not valid: rows above are not sent until fixed');
  }
  if (!valid) throw new ExitError(EXIT.problems, '');
}

async function template(ctx: CliContext, flags: TemplateFlags): Promise<void> {
  const { writeTemplates } = await import('../sheet/map/template-write.ts');
  let categories: Category[] | undefined;
  if (flags.withCategories) categories = await fetchCategories(ctx);
  const written = await writeTemplates(resolve(flags.out), { categories });
  for (const path of written) ctx.print(`wrote ${path}`);
}

async function fetchCategories(ctx: CliContext): Promise<Category[]> {
  // Throws ConfigError (exit 2) naming STORE_URL / STORE_EMAIL / STORE_PASSWORD when one is missing.
  return ctx.withApp(async (app) => (await app.client()).listCategories());
}

/** `\t` and `tab` as typed on a command line mean a tab. */
function decodeDelimiter(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value === '\\t' || value.toLowerCase() === 'tab' ? '\t' : value;
}

function decodeDelimiterName(value: string | undefined): string | undefined {
  return value?.trim() === '' ? undefined : value;
}
