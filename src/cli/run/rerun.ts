/** `rerun <target>`: a batch's failed rows again (and, when asked, its unknown ones). */
import { buildRerunRequest, checkRerunStore, invalidNote, resolveRerunTarget } from '../../intake/rerun.ts';
import { redisServerOf } from '../../redis.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { STORE_CHECK_OVERRIDE, transportOf, type QueueFlags } from '../flags.ts';
import { confirmResend, heldUnknownNote } from '../resend-unknown.ts';
import { report } from './batch-report.ts';

export interface RerunFlags extends QueueFlags {
  includeUnknown: boolean;
  resendUnknownCreates: boolean;
  yes: boolean;
  keyColumn: string;
  json: boolean;
  storeCheck: 'on' | 'off';
}

export async function rerunCommand(ctx: CliContext, target: string, flags: RerunFlags): Promise<void> {
  await ctx.withApp(async (app) => {
    const resolved = await resolveRerunTarget(target, app.config.reportDir);
    checkRerunStore(resolved, {
      configured: await app.store(),
      allowUnrecorded: flags.storeCheck === 'off',
      override: STORE_CHECK_OVERRIDE,
    });
    const plan = await buildRerunRequest(resolved, {
      includeUnknown: flags.includeUnknown,
      resendUnknownCreates: flags.resendUnknownCreates,
      keyColumn: flags.keyColumn,
    });
    if (plan.heldUnknownRows.length > 0) {
      ctx.printError(heldUnknownNote(plan.heldUnknownRows));
      process.exitCode = EXIT.problems; // those rows still need a person
    }
    if (plan.invalidRows.length > 0) {
      ctx.printError(`not sent: ${invalidNote(plan.invalidRows.length, resolved.failedCsv)}`);
      process.exitCode = EXIT.problems;
    }
    if (plan.mayDuplicate > 0) await confirmResend(ctx, plan.mayDuplicate, flags.yes);
    const notSent = { unknownRows: plan.heldUnknownRows, invalidRows: plan.invalidRows };
    if (plan.request === null) {
      // --json prints one document even when no batch starts: which rows were left, and why (stderr).
      if (flags.json) ctx.print(JSON.stringify({ batchId: null, rerunOf: resolved.batchId, notSent }, null, 2));
      return;
    }
    // The new batch speaks the CLI's language (--lang, the locale), as an import does.
    const lang = ctx.lang();
    const request = lang === 'en' ? plan.request : { ...plan.request, lang };
    const summary = await app.runBatch(request, {
      transport: transportOf(flags.queue, redisServerOf(app.config)),
      waitForWorker: flags.wait === true,
    });
    const held = notSent.unknownRows.length + notSent.invalidRows.length > 0;
    report(ctx, summary, flags.json, held ? { notSent } : {});
  });
}
