/** How `schedule run` and `rerun` print a batch they ran. */
import { batchHasProblems, summarizeBatch } from '../../intake/cli-output.ts';
import type { BatchSummary } from '../../report/summary.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../exit-codes.ts';

export /** The batch's summary (with --json, and `extra` keys beside it), and exit code 1 when a row needs a person. */
function report(ctx: CliContext, summary: BatchSummary, json: boolean, extra: object = {}): void {
  ctx.print(json ? JSON.stringify({ ...summary, ...extra }, null, 2) : summarizeBatch(summary, ctx.lang()));
  if (batchHasProblems(summary)) process.exitCode = EXIT.problems;
}
