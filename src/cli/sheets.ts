/**
 * Sheet commands: `validate` (read + map + check, nothing sent) and `template` (blank sheets and
 * a sample to start from). Exit codes: 0 all rows valid, 1 some row invalid, 2 file unreadable.
 */
import type { Command } from 'commander';
import type { CliContext } from './context.ts';
import type { ValidateFlags } from './run/validate.ts';
import type { TemplateFlags } from './run/template.ts';

export function registerSheetCommands(program: Command, ctx: CliContext): void {
  program
    .command('validate <file>')
    .description('check a CSV/XLSX sheet without sending anything: what each row would do, and every row error')
    .option('--columns <map.yaml>', 'a column map file: header -> field (see docs)')
    .option('--encoding <name>', 'CSV encoding (default: detected; utf-8, windows-1256, utf-16le ...)')
    .option('--delimiter <char>', 'CSV delimiter (default: detected; , ; or tab)')
    .option('--sheet <name>', 'XLSX: the sheet to check (default: Products or the first sheet, plus Brands)')
    .option('--json', 'print the summary with every row issue as JSON')
    .option(
      '--absent-status <status>',
      "as import's: the sheet is the whole catalog; the plan counts the products catalog-sync knows that it no longer lists (they would get this product_status)",
    )
    .option(
      '--key-column <field>',
      'the field import will key creates by: checked as an identifier and for duplicates, as barcode is',
    )
    .option(
      '--errors-csv <path>',
      'where to write the row issues CSV (default <report-dir>/validate/<file>.issues.csv)',
    )
    .action(async (file: string, flags: ValidateFlags) =>
      (await import('./run/validate.ts')).validate(ctx, file, flags),
    );

  program
    .command('template')
    .description('write blank sheet templates (products XLSX/CSV, brands, status-only) and a sample sheet')
    .option('--out <dir>', 'folder to write to', 'templates')
    .option('--with-categories', 'fill a Categories sheet and the category dropdown from the store (needs credentials)')
    .action(async (flags: TemplateFlags) => (await import('./run/template.ts')).template(ctx, flags));
}
