/**
 * `import`, `worker` and `status`: the sync engine's commands (the last two in files of their own). Exit codes: 0 every row ended
 * well, 1 any row invalid/failed/unknown, 2 the run could not start (main.ts maps config, sheet
 * and store errors to 2).
 */
import { Option, type Command } from 'commander';
import { DEFAULT_KEY_COLUMN } from '../ledger/rules.ts';
import type { CliContext } from './context.ts';
import { queueOption, WAIT_FLAG } from './flags.ts';
import type { ImportFlags } from './run/import.ts';
import { registerStatusCommand } from './status.ts';
import { registerWorkerCommand } from './sync-worker.ts';

export function registerSyncCommands(program: Command, ctx: CliContext): void {
  program
    .command('import <file>')
    .description('sync one CSV/XLSX sheet to the store now and wait for the end (report in --report-dir)')
    .option(
      '--dry-run',
      'validate and check against the store (credentials, categories, product_limit); send no writes',
    )
    .option('--sandbox', 'start the built-in sandbox store and sync against it with its demo credentials')
    .addOption(queueOption())
    .option('--columns <map.yaml>', 'column mapping file (sheet header -> field)')
    .option('--sheet <name>', 'XLSX: only this sheet (default: Products, and Brands when present)')
    .option('--json', 'print the batch summary as JSON on stdout')
    .addOption(
      new Option(
        '--mode <mode>',
        'delta: skip rows the ledger saw unchanged; full: send every row (a product the ledger saw created is never created again)',
      )
        .choices(['delta', 'full'])
        .default('full'),
    )
    .option(
      '--key-column <name>',
      'column that identifies a product created without product_id (ledger key)',
      DEFAULT_KEY_COLUMN,
    )
    .option('--retry-unknown', 're-send creates whose earlier outcome was unknown')
    .option(
      '--confirm',
      'send a sheet the guard holds (prices lowered sharply, or most known products changed: GUARD_*)',
    )
    .option(...WAIT_FLAG)
    .option(
      '--absent-status <status>',
      'the sheet is the whole catalog: once read whole, products catalog-sync knows (with a product_id) that it no longer lists get this product_status, in the same batch',
    )
    .option(
      '--list-unchanged',
      'delta: list rows skipped as unchanged in results.csv/xlsx too (default: counted in summary.json only)',
    )
    .action(async (file: string, flags: ImportFlags) => {
      await (await import('./run/import.ts')).runImport(ctx, file, flags);
    });

  registerWorkerCommand(program, ctx);
  registerStatusCommand(program, ctx);
}
