/**
 * `catalog-sync status [batch-id]`: each store's rate and recent batches, from Redis. One store
 * when one is configured or picked (--store); every store of the stores file without --store;
 * without either, every store that has batches under the prefix (found by its keys).
 */
import type { Command } from 'commander';
import type { CliContext } from './context.ts';

export function registerStatusCommand(program: Command, ctx: CliContext): void {
  program
    .command('status [batch-id]')
    .description("each store's rate and recent batches (or one batch) with their progress, from Redis")
    .option('--json', 'print as JSON')
    .action(async (batchId: string | undefined, flags: { json?: boolean }) => {
      await (await import('./run/status.ts')).runStatus(ctx, batchId, flags.json === true);
    });
}
