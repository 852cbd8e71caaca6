/** `undo <batch>`: the plan printed field by field, then (not with --dry-run) synced as a batch of its own. */
import type { App } from '../../app.ts';
import { planUndoOf, UndoError, undoRequest, writeUndoLeft } from '../../app/undo.ts';
import { redisServerOf } from '../../redis.ts';
import type { BatchSummary } from '../../report/summary.ts';
import type { UndoOptions, UndoPlan } from '../../sync/undo/plan.ts';
import { undoPreviewLines } from '../../sync/undo/preview.ts';
import { ExitError, type CliContext } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { transportOf, whole, type QueueFlags } from '../flags.ts';
import { checkGuard } from '../import-guard.ts';
import { report } from './batch-report.ts';

export interface UndoFlags extends QueueFlags {
  dryRun?: boolean;
  include?: string;
  includeChanged?: boolean;
  confirm?: boolean;
  json?: boolean;
}

export async function runUndo(ctx: CliContext, batch: string, flags: UndoFlags): Promise<void> {
  await ctx.withApp(async (app) => {
    const options: UndoOptions = {
      hiddenStatus: app.config.hiddenStatus,
      include: new Set(
        (flags.include ?? '')
          .split(',')
          .filter((id) => id.trim() !== '')
          .map((id) => whole('--include', id, 1)),
      ),
      includeChanged: flags.includeChanged === true,
    };
    const plan = await readPlan(app, batch, options);
    const lang = ctx.lang();
    // The preview goes to stderr with --json, so stdout holds one JSON document.
    const say = (line: string) => (flags.json ? ctx.printError(line) : ctx.print(line));
    for (const line of undoPreviewLines(plan, lang)) say(line);
    if (plan.left.length > 0) process.exitCode = EXIT.problems; // those products need a person
    if (flags.dryRun) {
      if (flags.json) ctx.print(JSON.stringify({ undoes: batch, dryRun: true, ...plan }, null, 2));
      return;
    }
    const request = await undoRequest(plan, app.config.reportDir, { lang });
    if (request === null) {
      if (flags.json) ctx.print(JSON.stringify({ batchId: null, undoes: batch, ...plan }, null, 2));
      else ctx.printError('nothing to send');
      return;
    }
    if (!flags.confirm) await checkGuard(app, [request]);
    const summary: BatchSummary = await app.runBatch(request, {
      transport: transportOf(flags.queue, redisServerOf(app.config)),
      waitForWorker: flags.wait === true,
      onQueued: (id) => ctx.printError(`batch ${id} queued; waiting for workers (catalog-sync worker)`),
    });
    const leftFile = await writeUndoLeft(plan, summary.reportDir, lang);
    if (leftFile && !flags.json) ctx.printError(`left alone: ${leftFile}`);
    report(ctx, summary, flags.json === true, flags.json ? { left: plan.left } : {});
  });
}

async function readPlan(app: App, batch: string, options: UndoOptions): Promise<UndoPlan> {
  // The guard's reader of the records: it does not take a file ledger over into Redis, and a file
  // ledger is let go before the batch opens it.
  const records = await app.records();
  try {
    return await planUndoOf(records, batch, options);
  } catch (error) {
    if (error instanceof UndoError) throw new ExitError(EXIT.problems, error.message);
    throw error;
  } finally {
    await records.close();
  }
}
