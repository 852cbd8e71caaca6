/**
 * `import`, `worker` and `status`: the sync engine's commands (the last two in files of their own). Exit codes: 0 every row ended
 * well, 1 any row invalid/failed/unknown, 2 the run could not start (main.ts maps config, sheet
 * and store errors to 2).
 */
import { Option, type Command } from 'commander';
import type { App, Transport } from '../app.ts';
import { redisServerOf } from '../redis.ts';
import type { SandboxHandle } from '../sandbox/index.ts';
import type { BatchSummary } from '../report/summary.ts';
import type { SyncRequest } from '../sync/types.ts';
import { batchHasProblems, summarizeBatch } from '../intake/cli-output.ts';
import { DEFAULT_KEY_COLUMN } from '../ledger/rules.ts';
import { ExitError, type CliContext } from './context.ts';
import { queueOption, transportOf, WAIT_FLAG } from './flags.ts';
import { registerStatusCommand } from './status.ts';
import { registerWorkerCommand } from './sync-worker.ts';
import { EXIT } from './exit-codes.ts';

interface ImportFlags {
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
}

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
      '--list-unchanged',
      'delta: list rows skipped as unchanged in results.csv/xlsx too (default: counted in summary.json only)',
    )
    .action(async (file: string, flags: ImportFlags) => {
      await runImport(ctx, file, flags);
    });

  registerWorkerCommand(program, ctx);
  registerStatusCommand(program, ctx);
}

async function runImport(ctx: CliContext, file: string, flags: ImportFlags): Promise<void> {
  const { startSandbox } = await import('../sandbox/index.ts');
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
    else for (const summary of summaries) ctx.print(summarizeBatch(summary));
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
  const { progressView } = await import('./sync-progress.ts');
  if (transport === 'redis') {
    // The rate is the store's, for every worker: --rate/RATE sets it, else the one set before applies.
    const { rate, source, replaced } = await app.rate();
    if (source === 'given' && replaced?.rate !== rate)
      ctx.printError(`store rate set to ${rate}/s for every worker${replaced ? ` (was ${replaced.rate}/s)` : ''}`);
  }
  // With --sandbox nobody else knows the sandbox's address: run a worker here too.
  const requests = await requestsFor(file, flags);
  // Held before anything is sent, the sandbox's worker included; a dry run sends nothing to hold.
  if (!flags.dryRun && !flags.confirm && !flags.sandbox) await checkGuard(app, requests);
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

/** Stops the import (exit 2, naming the rows) when the guard holds one of its sheets. */
async function checkGuard(app: App, requests: readonly SyncRequest[]): Promise<void> {
  const { guardVerdictOf } = await import('../sync/guard-scan.ts');
  const { guardText } = await import('../sync/guard.ts');
  const { config } = app;
  // Not the ledger itself: opened with REDIS_URL, it would move a file ledger into Redis before
  // the run knows whether it queues anything.
  const lastSent = await app.lastSent();
  const settings = {
    priceDrop: config.guardPriceDrop,
    changeShare: config.guardChangeShare,
    minKnown: config.guardMinKnown,
  };
  for (const request of requests) {
    const verdict = await guardVerdictOf(request.file, lastSent, settings, {
      maxTextLength: config.maxTextLength,
      keyColumn: request.ledger?.keyColumn,
      columns: request.columns,
      sheet: request.sheet,
    });
    if (verdict.held)
      throw new ExitError(
        EXIT.notStarted,
        `held by the guard, nothing sent: ${guardText(verdict)}; check the sheet, then run again with --confirm to send it`,
      );
  }
}

/** One batch per sheet to sync: an XLSX with Products and Brands sheets gives two. */
async function requestsFor(file: string, flags: ImportFlags): Promise<SyncRequest[]> {
  const { openSheets } = await import('../sheet/index.ts');
  const base: SyncRequest = {
    file,
    ledger: { mode: flags.mode, keyColumn: flags.keyColumn, retryUnknown: flags.retryUnknown === true },
    ...(flags.columns ? { columns: flags.columns } : {}),
    ...(flags.dryRun ? { dryRun: true } : {}),
    ...(flags.listUnchanged ? { listUnchanged: true } : {}),
  };
  if (flags.sheet) return [{ ...base, sheet: flags.sheet }];
  const sheets = await openSheets(file, flags.columns ? { columns: flags.columns } : {});
  await Promise.all(sheets.map((s) => s.close()));
  if (sheets.length <= 1) return [base];
  return sheets.map((s) => ({ ...base, ...(s.sheetName ? { sheet: s.sheetName } : {}) }));
}
