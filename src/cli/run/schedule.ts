/** `schedule sync|run`: the job files of jobs/*.yaml and their schedules in Redis (list: schedule-list.ts). */
import { findJob, loadJobs } from '../../intake/job-file.ts';
import { reportJobProblems } from '../../intake/job-problems.ts';
import { runJob, scheduleQueue, syncSchedules } from '../../intake/schedules.ts';
import { redisServerOf } from '../../redis.ts';
import { closeBull } from '../../sync/queue/connection.ts';
import { ExitError, type CliContext } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { transportOf, type QueueFlags } from '../flags.ts';
import { guardOf } from '../import-guard.ts';
import { batchHasProblems } from '../../intake/cli-output.ts';
import { report } from './batch-report.ts';
import { fileJobState, lastDownload, sourceLine } from '../../intake/sources/job-state.ts';
import { redisJobState } from '../../intake/sources/job-state-redis.ts';

export async function scheduleSync(ctx: CliContext, jobsDir: string | undefined): Promise<void> {
  await ctx.withApp(
    async (app) => {
      const { config } = app;
      const server = redisServerOf(config);
      if (!server) throw new ExitError(EXIT.notStarted, 'schedules live in Redis: set REDIS_URL (or --redis-url)');
      const { jobs, problems } = await loadJobs(config.jobsDir);
      const queue = scheduleQueue(server, (await app.queueTarget()).prefix);
      try {
        const { upserted, removed } = await syncSchedules(queue, jobs, await app.storeTimeZone());
        ctx.print(`registered: ${upserted.join(', ') || '(none)'}; removed: ${removed.join(', ') || '(none)'}`);
        for (const problem of problems) ctx.print(`skipped, it does not check: ${problem.message}`);
        await reportJobProblems(problems, { logger: app.logger });
        if (problems.length > 0) process.exitCode = EXIT.problems;
      } finally {
        await closeBull(queue);
      }
    },
    { extra: { jobsDir } },
  );
}

export interface ScheduleRunFlags extends QueueFlags {
  jobsDir?: string;
  json: boolean;
}

export async function scheduleRun(ctx: CliContext, name: string, flags: ScheduleRunFlags): Promise<void> {
  await ctx.withApp(
    async (app) => {
      const job = await findJob(app.config.jobsDir, name);
      const options = {
        transport: transportOf(flags.queue, redisServerOf(app.config)),
        waitForWorker: flags.wait === true,
      };
      // With Redis, the state the workers keep: a run by hand never takes a file a worker took.
      const target = redisServerOf(app.config) ? await app.queueTarget() : null;
      const redisState = target ? redisJobState(target.shared ?? (await app.redis()), target.prefix) : null;
      const state = redisState ?? fileJobState;
      const summaries = await runJob(job, {
        runnerFor: (tuning) => app.runner(tuning, options),
        guard: guardOf(app),
        logger: app.logger,
        notify: await app.notifier(),
        onNothingNew: (message) => ctx.print(flags.json ? JSON.stringify({ nothingNew: message }) : message),
        state,
      }).finally(() => redisState?.close());
      const download = await lastDownload(job, state);
      if (!flags.json) ctx.print(sourceLine(job.source, download));
      // As import: one batch per sheet, a lone one printed as an object.
      if (flags.json && summaries.length > 1) {
        ctx.print(JSON.stringify(summaries, null, 2));
        if (summaries.some(batchHasProblems)) process.exitCode = EXIT.problems;
      } else for (const summary of summaries) report(ctx, summary, flags.json, download ? { download } : {});
    },
    { extra: { jobsDir: flags.jobsDir } },
  );
}
