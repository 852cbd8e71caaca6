/** `watch`: the drop folder of every store served, until SIGTERM/SIGINT. */
import type { App } from '../../app.ts';
import { dropLayout } from '../../intake/drop-layout.ts';
import type { SyncRunner } from '../../intake/drop-file.ts';
import { DropWatcher } from '../../intake/drop-watcher.ts';
import { readColumnMapping } from '../../intake/job-source.ts';
import { redisServerOf } from '../../redis.ts';
import { ProgressLog } from '../../sync/progress-log.ts';
import { noWorkerForWatch } from '../../sync/queue/no-worker.ts';
import { keepAlive } from '../alive-file.ts';
import type { CliContext } from '../context.ts';
import { whole } from '../flags.ts';
import { CLOSE_MS, settlesWithin, untilSignal } from '../signals.ts';

export interface WatchFlags {
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

export async function watchCommand(ctx: CliContext, flags: WatchFlags): Promise<void> {
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
      lang: ctx.lang(),
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
    async (deployment, config) => {
      const alive = flags.aliveFile ? await keepAlive(flags.aliveFile) : null;
      try {
        await deployment.serve({ start: watchStore });
        const signal = await untilSignal();
        ctx.printError(`${signal}: finishing running files (up to ${graceMs} ms), then stopping`);
        if (!redisServerOf(config)) {
          // A batch cut short here winds down and writes its report; then the process ends.
          await deployment.close();
          return;
        }
        if (!(await settlesWithin(deployment.close(), graceMs + CLOSE_MS)))
          ctx.printError(
            'stopped with connections still waiting for Redis: exiting without them (unfinished files stay in processing/ for the next watcher)',
          );
      } finally {
        await alive?.stop();
      }
      // With Redis: its connections, were it down, would keep the process alive for ever, and
      // the rows of an unfinished file go on in the workers.
      ctx.exit(0);
    },
    { extra: { dropDir: flags.dir, dropSettleMs: flags.settleMs }, service: true },
  );
}

/** A dropped file's batch speaks the watcher's language (--lang, the locale), as an import does. */
function inCliLang(ctx: CliContext, run: SyncRunner): SyncRunner {
  const lang = ctx.lang();
  return lang === 'en' ? run : (request, signal) => run({ ...request, lang }, signal);
}
