/**
 * The day-to-day intake commands: `watch` (drop folder), `schedule list|run|sync` (jobs/*.yaml),
 * `rerun` (failed rows of a batch). The work lives in src/intake; this file parses flags, maps
 * intake errors to exit codes and prints.
 */
import { Option, type Command } from 'commander';
import { batchHasProblems, summarizeBatch } from '../intake/cli-output.ts';
import { dropLayout } from '../intake/drop-layout.ts';
import { DEFAULT_KEY_COLUMN } from '../ledger/rules.ts';
import { keepAlive } from './alive-file.ts';
import { confirmResend, heldUnknownNote } from './resend-unknown.ts';
import type { App } from '../app.ts';
import { redisServerOf } from '../redis.ts';
import type { BatchSummary } from '../report/summary.ts';
import type { SyncRunner } from '../intake/drop-file.ts';
import { ExitError, type CliContext } from './context.ts';
import { queueOption, STORE_CHECK_OVERRIDE, storeCheckOption, transportOf, WAIT_FLAG, whole } from './flags.ts';
import { untilSignal } from './signals.ts';
import { EXIT } from './exit-codes.ts';

interface WatchFlags {
  dir?: string;
  force: boolean;
  mode: 'delta' | 'full';
  keyColumn: string;
  retryUnknown: boolean;
  listUnchanged: boolean;
  columns?: string;
  settleMs?: string;
  poll: boolean;
  parallel: string;
  graceMs: string;
  aliveFile?: string;
}

export function registerIntakeCommands(program: Command, ctx: CliContext): void {
  program
    .command('watch')
    .description('watch <dir>/inbox/ and sync every sheet dropped there (done/ and failed/ get the results)')
    .option('--dir <dir>', 'the drop folder (env DROP_DIR, default ./drop)')
    .option(
      '--force',
      'sync a file even when the same content was synced already (re-sends updates and statuses; never creates twice)',
      false,
    )
    .addOption(
      new Option('--mode <mode>', 'delta: skip rows unchanged since the last sync')
        .choices(['delta', 'full'])
        .default('delta'),
    )
    .option('--key-column <field>', 'field that identifies products created without product_id', DEFAULT_KEY_COLUMN)
    .option('--retry-unknown', 'send again creates whose earlier outcome was unknown (may duplicate them)', false)
    .option(
      '--list-unchanged',
      'delta: list rows skipped as unchanged in results.csv/xlsx too (default: counted in summary.json only)',
      false,
    )
    .option('--columns <file>', 'column map file for the dropped sheets')
    .option(
      '--settle-ms <ms>',
      'a file is taken once its size and time have not changed for this long, no process holds it open for writing and an XLSX is whole (env DROP_SETTLE_MS, default 10000)',
    )
    .option('--poll', 'poll the folder instead of OS events (network shares)', false)
    .option('--parallel <n>', 'files synced at once by this watcher', '1')
    .option('--grace-ms <ms>', 'on SIGTERM, how long running files may take to finish', '30000')
    .option('--alive-file <path>', 'write this file every 5 s while watching (a health check reads its age)')
    .action((flags: WatchFlags) => watchCommand(ctx, flags));

  const schedule = program.command('schedule').description('scheduled syncs from jobs/*.yaml');
  schedule
    .command('list')
    .description('each job with its cron, time zone and next run')
    .option('--jobs-dir <dir>', 'job files folder (env JOBS_DIR, default ./jobs)')
    .action((flags: { jobsDir?: string }) => scheduleList(ctx, flags.jobsDir));
  schedule
    .command('run <name>')
    .description('run one job now, in this process (or through the queue with REDIS_URL), and wait for its report')
    .option('--jobs-dir <dir>', 'job files folder (env JOBS_DIR, default ./jobs)')
    .option('--json', 'print the batch summary as JSON', false)
    .addOption(queueOption())
    .option(...WAIT_FLAG)
    .action((name: string, flags: ScheduleRunFlags) => scheduleRun(ctx, name, flags));
  schedule
    .command('sync')
    .description(
      'register every job with the queue now (the worker does this at start); removes schedules whose file is gone',
    )
    .option('--jobs-dir <dir>', 'job files folder (env JOBS_DIR, default ./jobs)')
    .action((flags: { jobsDir?: string }) => scheduleSync(ctx, flags.jobsDir));

  program
    .command('rerun <target>')
    .description(
      'sync again the failed rows of a batch (a batch id or its report folder), or every row of a failed.csv as edited',
    )
    .option(
      '--include-unknown',
      'also list rows whose outcome was unknown (a create that may have happened); they are not sent',
      false,
    )
    .option(
      '--resend-unknown-creates',
      'send the unknown creates again: each one that reached the store is created twice (asks first; --yes off a terminal)',
      false,
    )
    .option('--yes', 'confirm --resend-unknown-creates without asking', false)
    .option('--key-column <field>', 'field that identifies products created without product_id', DEFAULT_KEY_COLUMN)
    .option('--json', 'print the batch summary as JSON', false)
    .addOption(queueOption())
    .option(...WAIT_FLAG)
    .addOption(storeCheckOption())
    .action((target: string, flags: RerunFlags) => rerunCommand(ctx, target, flags));
}

async function watchCommand(ctx: CliContext, flags: WatchFlags): Promise<void> {
  const { DropWatcher } = await import('../intake/drop-watcher.ts');
  const { ProgressLog } = await import('../sync/progress-log.ts');
  const { readColumnMapping } = await import('../intake/job-source.ts');
  const { noWorkerForWatch } = await import('../sync/queue/no-worker.ts');
  const parallel = whole('--parallel', flags.parallel, 1);
  const graceMs = whole('--grace-ms', flags.graceMs, 0);
  const columns = flags.columns ? await readColumnMapping(flags.columns) : undefined;
  // Every store of the stores file has a drop folder of its own (`drop_dir`, default <DROP_DIR>/<id>).
  const watchStore = async (app: App): Promise<{ stop(): Promise<void> }> => {
    const layout = dropLayout(app.config.dropDir);
    const settleMs = app.config.dropSettleMs;
    const { logger } = app;
    const progressLog = new ProgressLog(logger);
    const watcher = new DropWatcher({
      layout,
      ...(await app.claimsFor(layout)),
      ledger: (await app.ledger()).ledger,
      // A long-running service: with no worker, a file is queued anyway and waits (claimed, in
      // processing/) for one, and the user is told so instead of it hanging silently.
      run: inCliLang(
        ctx,
        app.runner(undefined, {
          waitForWorker: true,
          onNoWorker: (error) => ctx.printError(noWorkerForWatch(error.store)),
          onProgress: (progress) => progressLog.update(progress),
        }),
      ),
      // --force re-sends what a delta sync would skip; creates stay once-only either way.
      ledgerSettings: {
        mode: flags.force ? 'full' : flags.mode,
        keyColumn: flags.keyColumn,
        retryUnknown: flags.retryUnknown,
      },
      force: flags.force,
      ...(columns ? { columns } : {}),
      listUnchanged: flags.listUnchanged,
      logger,
      settleMs,
      pollMs: Math.max(20, Math.min(250, Math.floor(settleMs / 4))),
      usePolling: flags.poll,
      parallel,
      onEvent: (event) => {
        if (event.type === 'finished')
          ctx.print(
            `${event.file}: ${event.result.status === 'done' ? event.result.report.message : `moved to failed/: ${event.result.error}`}`,
          );
        if (event.type === 'error')
          ctx.printError(
            `${event.file}: not finished, stays in processing/ (${event.error instanceof Error ? event.error.message : String(event.error)})`,
          );
      },
    });
    await watcher.start();
    // Notifications left by an earlier run (or another command) go out from here as they are due.
    await (await app.notifier()).startDelivery();
    if (redisServerOf(app.config) && (await app.queueWorkers()) === 0)
      ctx.printError(noWorkerForWatch(await app.store()));
    ctx.print(`watching ${layout.inbox} (done/, failed/ beside it); Ctrl-C or SIGTERM to stop`);
    return { stop: () => watcher.close(graceMs) };
  };
  await ctx.withDeployment(
    async (deployment) => {
      const alive = flags.aliveFile ? await keepAlive(flags.aliveFile) : null;
      try {
        await deployment.serve({ start: watchStore });
        const signal = await untilSignal();
        ctx.printError(`${signal}: finishing running files (up to ${graceMs} ms), then stopping`);
        await deployment.close();
      } finally {
        await alive?.stop();
      }
    },
    { extra: { dropDir: flags.dir, dropSettleMs: flags.settleMs }, service: true },
  );
}

async function scheduleList(ctx: CliContext, jobsDir: string | undefined): Promise<void> {
  const { loadJobs, nextRun } = await import('../intake/job-file.ts');
  const { listSchedules, scheduleQueue } = await import('../intake/schedules.ts');
  const { closeBull } = await import('../sync/queue/connection.ts');
  // The console's panel shows the next run the same way (`nextInStoreZone`).
  const { wallClock } = await import('../console/schedules.ts');
  const { formatTable } = await import('./lists.ts');
  await ctx.withApp(
    async (app) => {
      const { config } = app;
      const jobs = await loadJobs(config.jobsDir);
      if (jobs.length === 0) return ctx.print(`no job files in ${config.jobsDir}`);
      // Next runs are shown on the store's clock, whatever zone each cron is read in.
      const zone = await app.storeTimeZone();
      const server = redisServerOf(config);
      const queue = server ? scheduleQueue(server, (await app.queueTarget()).prefix) : null;
      try {
        const rows = await listSchedules(queue, jobs, zone);
        const now = Date.now();
        ctx.print(
          formatTable(
            ['JOB', 'CRON', 'TIME ZONE', `NEXT RUN (${zone}, the store's)`, 'REGISTERED'],
            rows.map((r) => [
              r.name,
              r.cron,
              r.timezone,
              wallClock(r.next ?? nextRun(r.cron, r.timezone, now), zone),
              r.next === null ? 'no (a worker registers it)' : 'yes',
            ]),
          ),
        );
      } finally {
        if (queue) await closeBull(queue);
      }
    },
    { extra: { jobsDir } },
  );
}

async function scheduleSync(ctx: CliContext, jobsDir: string | undefined): Promise<void> {
  const { loadJobs } = await import('../intake/job-file.ts');
  const { scheduleQueue, syncSchedules } = await import('../intake/schedules.ts');
  const { closeBull } = await import('../sync/queue/connection.ts');
  await ctx.withApp(
    async (app) => {
      const { config } = app;
      const server = redisServerOf(config);
      if (!server) throw new ExitError(EXIT.notStarted, 'schedules live in Redis: set REDIS_URL (or --redis-url)');
      const jobs = await loadJobs(config.jobsDir);
      const queue = scheduleQueue(server, (await app.queueTarget()).prefix);
      try {
        const { upserted, removed } = await syncSchedules(queue, jobs, await app.storeTimeZone());
        ctx.print(`registered: ${upserted.join(', ') || '(none)'}; removed: ${removed.join(', ') || '(none)'}`);
      } finally {
        await closeBull(queue);
      }
    },
    { extra: { jobsDir } },
  );
}

/** How a command run now queues: --queue, and --wait for a worker. */
interface QueueFlags {
  queue?: 'local' | 'redis';
  wait?: boolean;
}

interface ScheduleRunFlags extends QueueFlags {
  jobsDir?: string;
  json: boolean;
}

async function scheduleRun(ctx: CliContext, name: string, flags: ScheduleRunFlags): Promise<void> {
  const { findJob } = await import('../intake/job-file.ts');
  const { runJob } = await import('../intake/schedules.ts');
  await ctx.withApp(
    async (app) => {
      const job = await findJob(app.config.jobsDir, name);
      const options = {
        transport: transportOf(flags.queue, redisServerOf(app.config)),
        waitForWorker: flags.wait === true,
      };
      const summaries = await runJob(job, {
        runnerFor: (tuning) => app.runner(tuning, options),
        logger: app.logger,
        notify: await app.notifier(),
      });
      // As import: one batch per sheet, a lone one printed as an object.
      if (flags.json && summaries.length > 1) {
        ctx.print(JSON.stringify(summaries, null, 2));
        if (summaries.some(batchHasProblems)) process.exitCode = EXIT.problems;
      } else for (const summary of summaries) report(ctx, summary, flags.json);
    },
    { extra: { jobsDir: flags.jobsDir } },
  );
}

interface RerunFlags extends QueueFlags {
  includeUnknown: boolean;
  resendUnknownCreates: boolean;
  yes: boolean;
  keyColumn: string;
  json: boolean;
  storeCheck: 'on' | 'off';
}

async function rerunCommand(ctx: CliContext, target: string, flags: RerunFlags): Promise<void> {
  const { buildRerunRequest, checkRerunStore, invalidNote, resolveRerunTarget } = await import('../intake/rerun.ts');
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

/** The batch's summary (with --json, and `extra` keys beside it), and exit code 1 when a row needs a person. */
function report(ctx: CliContext, summary: BatchSummary, json: boolean, extra: object = {}): void {
  ctx.print(json ? JSON.stringify({ ...summary, ...extra }, null, 2) : summarizeBatch(summary));
  if (batchHasProblems(summary)) process.exitCode = EXIT.problems;
}

/** A dropped file's batch speaks the watcher's language (--lang, the locale), as an import does. */
function inCliLang(ctx: CliContext, run: SyncRunner): SyncRunner {
  const lang = ctx.lang();
  return lang === 'en' ? run : (request, signal) => run({ ...request, lang }, signal);
}
