/**
 * The day-to-day intake commands: `watch` (drop folder), `schedule list|run|sync` (jobs/*.yaml),
 * `rerun` (failed rows of a batch). The work lives in src/intake; run/watch.ts, run/schedule.ts
 * and run/rerun.ts parse what this file declares, and print.
 */
import { Option, type Command } from 'commander';
import { DEFAULT_KEY_COLUMN } from '../ledger/rules.ts';
import type { CliContext } from './context.ts';
import { queueOption, storeCheckOption, WAIT_FLAG } from './flags.ts';
import type { RerunFlags } from './run/rerun.ts';
import type { ScheduleRunFlags } from './run/schedule.ts';
import type { WatchFlags } from './run/watch.ts';

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
    .action(async (flags: WatchFlags) => (await import('./run/watch.ts')).watchCommand(ctx, flags));

  const schedule = program.command('schedule').description('scheduled syncs from jobs/*.yaml');
  schedule
    .command('list')
    .description(
      "each job with its cron, time zone and next run, and the job files skipped as they do not check (exit 1); every store's with a stores file",
    )
    .option('--jobs-dir <dir>', 'job files folder (env JOBS_DIR, default ./jobs)')
    .option('--json', 'print the jobs as JSON', false)
    .action(async (flags: { jobsDir?: string; json: boolean }) =>
      (await import('./run/schedule-list.ts')).scheduleList(ctx, flags),
    );
  schedule
    .command('run <name>')
    .description('run one job now, in this process (or through the queue with REDIS_URL), and wait for its report')
    .option('--jobs-dir <dir>', 'job files folder (env JOBS_DIR, default ./jobs)')
    .option('--json', 'print the batch summary as JSON', false)
    .addOption(queueOption())
    .option(...WAIT_FLAG)
    .action(async (name: string, flags: ScheduleRunFlags) =>
      (await import('./run/schedule.ts')).scheduleRun(ctx, name, flags),
    );
  schedule
    .command('sync')
    .description(
      'register every job with the queue now (the worker does this at start); removes schedules whose file is gone',
    )
    .option('--jobs-dir <dir>', 'job files folder (env JOBS_DIR, default ./jobs)')
    .action(async (flags: { jobsDir?: string }) =>
      (await import('./run/schedule.ts')).scheduleSync(ctx, flags.jobsDir),
    );

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
    .action(async (target: string, flags: RerunFlags) =>
      (await import('./run/rerun.ts')).rerunCommand(ctx, target, flags),
    );
}
