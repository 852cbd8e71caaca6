/**
 * `undo <batch>`: a new batch that puts back what a batch changed, from the store's records
 * (src/app/undo.ts). Exit 0 when everything was put back, 1 when a row needs a person (a row
 * failed, or a product was left alone), 2 when it could not start (held by the guard too).
 */
import type { Command } from 'commander';
import type { CliContext } from './context.ts';
import { queueOption, WAIT_FLAG } from './flags.ts';
import type { UndoFlags } from './run/undo.ts';

export function registerUndoCommand(program: Command, ctx: CliContext): void {
  program
    .command('undo <batch>')
    .description(
      "put back what a batch changed, as a new batch: every product it updated gets the values catalog-sync had sent before; a product changed since by a later batch is left alone unless included; a created product is switched off by HIDDEN_STATUS once its product_id is linked. Edits made in the store's admin since are not seen",
    )
    .option('--dry-run', 'print what the undo would send, field by field; send nothing')
    .option(
      '--include <product_ids>',
      'comma-separated product_ids changed since by a later batch: put back all the same',
    )
    .option('--include-changed', 'put back every product changed since by a later batch too')
    .option('--confirm', 'send an undo the guard holds (prices lowered sharply, or most known products changed)')
    .option('--json', 'print the plan (and the batch summary) as JSON on stdout')
    .addOption(queueOption())
    .option(...WAIT_FLAG)
    .action(async (batch: string, flags: UndoFlags) => {
      await (await import('./run/undo.ts')).runUndo(ctx, batch, flags);
    });
}
