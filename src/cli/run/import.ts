/**
 * `import`: one sheet synced now, waiting for the end. Exit 0 every row ended well, 1 any row
 * invalid/failed/unknown, 2 the run could not start.
 */
import type { App, Transport } from '../../app.ts';
import { batchHasProblems, summarizeBatch } from '../../intake/cli-output.ts';
import { redisServerOf } from '../../redis.ts';
import type { BatchSummary } from '../../report/summary.ts';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.ts';
import { openSheets } from '../../sheet/index.ts';
import type { SyncRequest } from '../../sync/types.ts';
import { ExitError, type CliContext } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { transportOf, whole } from '../flags.ts';
import { checkGuard } from '../import-guard.ts';
import { progressView } from '../sync-progress.ts';

export interface ImportFlags {
  dryRun?: boolean;
  sandbox?: boolean;
  queue?: 'local' | 'redis';
  columns?: string;
  sheet?: string;
  json?: boolean;
  retryUnknown?: boolean;
  listUnchanged?: boolean;
  mode: 'delta' | 'full';
  keyColumn: string;
  wait?: boolean;
  confirm?: boolean;
  /** `--absent-status`: retire what the sheet no longer lists (sync/retire.ts). */
  absentStatus?: string;
}

export async function runImport(ctx: CliContext, file: string, flags: ImportFlags): Promise<void> {
  let sandbox: SandboxHandle | undefined;
  try {
    let config = await ctx.config();
    if (flags.sandbox) {
      sandbox = await startSandbox();
      config = await ctx.config({ storeUrl: sandbox.url, storeEmail: sandbox.email, storePassword: sandbox.password });
      ctx.printError(`sandbox store on ${sandbox.url} (demo credentials)`);
    }
    const transport = flags.dryRun ? 'local' : transportOf(flags.queue, redisServerOf(config));
    // The throwaway --sandbox store keeps no ledger: its memory would outlive the store.
    const summaries = await ctx.withApp((app) => importBatches(ctx, app, file, flags, transport), {
      config,
      options: { ledger: !flags.sandbox },
    });
    if (flags.json) ctx.print(JSON.stringify(summaries.length === 1 ? summaries[0] : summaries, null, 2));
    else for (const summary of summaries) ctx.print(summarizeBatch(summary, ctx.lang()));
    if (summaries.some(batchHasProblems)) throw new ExitError(EXIT.problems, '');
  } finally {
    await sandbox?.close();
  }
}

async function importBatches(
  ctx: CliContext,
  app: App,
  file: string,
  flags: ImportFlags,
  transport: Transport,
): Promise<BatchSummary[]> {
  if (transport === 'redis') {
    // The rate is the store's, for every worker: --rate/RATE sets it, else the one set before applies.
    const { rate, source, replaced } = await app.rate();
    if (source === 'given' && replaced?.rate !== rate)
      ctx.printError(`store rate set to ${rate}/s for every worker${replaced ? ` (was ${replaced.rate}/s)` : ''}`);
  }
  const requests = await requestsFor(file, flags);
  // Held before anything is sent, the sandbox's worker included; a dry run sends nothing to hold.
  if (!flags.dryRun && !flags.confirm && !flags.sandbox) await checkGuard(app, requests);
  // With --sandbox nobody else knows the sandbox's address: run a worker here too.
  const worker = transport === 'redis' && flags.sandbox ? await app.startWorker() : null;
  try {
    const summaries: BatchSummary[] = [];
    const lang = ctx.lang();
    for (const sheetRequest of requests) {
      const request = lang === 'en' ? sheetRequest : { ...sheetRequest, lang };
      const view = progressView(ctx.io.stderr, request.dryRun ? 'dry run' : 'sync');
      try {
        summaries.push(
          await app.runBatch(request, {
            transport,
            // A worker of our own serves the sandbox's rows; --wait queues even with none.
            waitForWorker: worker !== null || flags.wait === true,
            onProgress: (p) => view.update(p),
            onQueued: (batchId) => ctx.printError(`batch ${batchId} queued; waiting for workers (catalog-sync worker)`),
          }),
        );
      } finally {
        view.stop();
      }
    }
    return summaries;
  } finally {
    await worker?.close();
  }
}

/** One batch per sheet to sync: an XLSX with Products and Brands sheets gives two. */
async function requestsFor(file: string, flags: ImportFlags): Promise<SyncRequest[]> {
  const base: SyncRequest = {
    file,
    ledger: { mode: flags.mode, keyColumn: flags.keyColumn, retryUnknown: flags.retryUnknown === true },
    ...(flags.columns ? { columns: flags.columns } : {}),
    ...(flags.dryRun ? { dryRun: true } : {}),
    ...(flags.listUnchanged ? { listUnchanged: true } : {}),
    ...(flags.absentStatus === undefined
      ? {}
      : { absent: { status: whole('--absent-status', flags.absentStatus, 0) } }),
  };
  if (flags.sheet) return [{ ...base, sheet: flags.sheet }];
  const sheets = await openSheets(file, flags.columns ? { columns: flags.columns } : {});
  await Promise.all(sheets.map((s) => s.close()));
  if (sheets.length <= 1) return [base];
  return sheets.map((s) => ({ ...base, ...(s.sheetName ? { sheet: s.sheetName } : {}) }));
}
