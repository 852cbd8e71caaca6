/**
 * `catalog-sync worker`: processes queued rows until SIGTERM/SIGINT, then shuts down within a
 * bound: active rows get the grace period to finish, the ones still running are handed back
 * (another worker takes them over, sync/queue/worker.ts stop()), and the connections get
 * CLOSE_MS more to close; past that the process ends without them (Redis down: they would wait
 * for it). It runs the schedules too. Its store client, ledger and schedules come from the app
 * (src/app.ts). With --metrics-port it serves its own /metrics (the console's definitions).
 */
import type { Command } from 'commander';
import type { CliContext } from './context.ts';
import type { WorkerFlags } from './run/worker.ts';

/** Default --grace, in seconds: with CLOSE_MS (signals.ts), the whole stop stays under the 30 s supervisors commonly allow. */
export const DEFAULT_GRACE_SECONDS = 20;

export function registerWorkerCommand(program: Command, ctx: CliContext): void {
  program
    .command('worker')
    .description('process queued rows (BullMQ) until SIGTERM/SIGINT; run as many as you like')
    .option(
      '--grace <seconds>',
      'on SIGTERM/SIGINT, how long active rows get to finish before they are handed back to the queue; the worker exits at most 5 s later',
      String(DEFAULT_GRACE_SECONDS),
    )
    .option('--metrics-port <n>', "serve this worker's Prometheus metrics on GET /metrics (env METRICS_PORT)")
    .option('--metrics-host <address>', 'address the metrics listen on (env METRICS_HOST, default 127.0.0.1)')
    .action(async (flags: WorkerFlags) => {
      await (await import('./run/worker.ts')).runWorker(ctx, flags);
    });
}
