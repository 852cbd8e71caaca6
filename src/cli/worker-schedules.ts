/**
 * What `catalog-sync worker` runs besides rows: the job files registered as BullMQ job schedulers
 * (upserted; a removed file removes its schedule) and a worker that runs each job when its time
 * comes, on the app's ledger. No job files: nothing is scheduled, and the worker still has its
 * ledger (the app gives it, not the schedules). A job file that does not check is skipped and told.
 * The worker runs only while a job is due or running (sync/queue/lazy-workers.ts): the queue and
 * its scheduler share the app's connection, so a store without a job due holds none of its own.
 */
import type { App } from '../app.ts';
import { loadJobs } from '../intake/job-file.ts';
import { reportJobProblems } from '../intake/job-problems.ts';
import { SCHEDULE_QUEUE, scheduleQueue, startScheduleWorker, syncSchedules } from '../intake/schedules.ts';
import { closeBull } from '../sync/queue/connection.ts';
import { lazyWorker } from '../sync/queue/lazy-workers.ts';
import type { RedisServer } from '../redis.ts';
import { guardOf } from './import-guard.ts';
import { redisJobState } from '../intake/sources/job-state-redis.ts';

export async function startSchedules(app: App, server: RedisServer): Promise<{ stop(): Promise<void> }> {
  const { config, logger } = app;
  // The store's own schedules queue: a worker of another store never runs this store's jobs.
  const target = await app.queueTarget();
  const { prefix } = target;
  const queue = scheduleQueue({ ...server, ...target }, prefix, logger);
  const notify = await app.notifier();
  // Any machine may take a tick: what a job took is kept in Redis, not in one machine's jobs folder.
  const state = redisJobState(target.shared ?? (await app.redis()), prefix);
  try {
    // A job file that does not check is skipped and told; the store's other jobs are registered.
    const { jobs, problems } = await loadJobs(config.jobsDir);
    const { upserted, removed } = await syncSchedules(queue, jobs, await app.storeTimeZone());
    logger.info({ upserted, removed, jobsDir: config.jobsDir }, 'schedules registered');
    await reportJobProblems(problems, { logger, notify });
  } catch (error) {
    await closeBull(queue);
    throw error;
  }
  const start = () =>
    startScheduleWorker({ ...server, ...target }, prefix, config.jobsDir, {
      // This process is a worker: its own rows never lack one.
      runnerFor: (tuning) => app.runner(tuning, { waitForWorker: true }),
      guard: guardOf(app),
      logger,
      notify,
      state,
    });
  const worker = lazyWorker(target.shared ?? (await app.redis()), prefix, SCHEDULE_QUEUE, start);
  return {
    stop: async () => {
      await worker.close();
      await state.close();
      await closeBull(queue);
    },
  };
}
