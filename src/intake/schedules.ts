/**
 * Nightly schedules on BullMQ job schedulers: one scheduler per job file, id `job:<name>`.
 * syncSchedules upserts every job (a redeploy changes nothing twice) and removes schedulers whose
 * file is gone. A worker on the `schedules` queue runs a job when its time comes.
 */
import { Queue, Worker } from 'bullmq';
import { silentLogger, type Logger } from '../log.ts';
import type { Lang } from '../messages/index.ts';
import { SheetFileError } from '../sheet/types.ts';
import type { BatchSummary } from '../report/summary.ts';
import type { SyncRunner } from './drop-file.ts';
import { runEverySheet } from './sheet-batches.ts';
import { findJob, type JobDefinition } from './job-file.ts';
import { JobHeldError } from './job-held.ts';
import { fetchSource, readColumnMapping, type FetchLimits } from './job-source.ts';
import { fileJobState, type JobStateStore } from './sources/job-state.ts';
import { shownSource } from '../notify/event.ts';
import type { RedisServer } from '../redis.ts';
import { IDLE_WAIT_SECONDS, bullConnection, type SharedConnection } from '../sync/queue/connection.ts';
import { onBullError } from '../sync/queue/redis-outage.ts';
import type { Notifier } from '../notify/notifier.ts';
import { guardText, type GuardVerdict } from '../sync/guard.ts';
import type { SyncRequest } from '../sync/types.ts';

export const SCHEDULE_QUEUE = 'schedules';
const SCHEDULER_PREFIX = 'job:';

export interface ScheduledJobData {
  job: string;
}

/** The store's schedules queue on `server`; close it with closeBull (sync/queue/connection.ts). */
export function scheduleQueue(
  server: RedisServer & SharedConnection,
  prefix: string,
  logger: Logger = silentLogger,
): Queue<ScheduledJobData> {
  const queue = new Queue<ScheduledJobData>(SCHEDULE_QUEUE, { connection: bullConnection(server), prefix });
  onBullError(queue, logger, 'schedule queue');
  return queue;
}

export interface ScheduleSyncResult {
  upserted: string[];
  removed: string[];
}

/** Makes the queue's schedulers match the job files: upsert each, remove the ones without a file. */
export async function syncSchedules(
  queue: Queue<ScheduledJobData>,
  jobs: readonly JobDefinition[],
  defaultTimezone: string,
): Promise<ScheduleSyncResult> {
  const upserted: string[] = [];
  for (const job of jobs) {
    await queue.upsertJobScheduler(
      `${SCHEDULER_PREFIX}${job.name}`,
      { pattern: job.schedule, tz: job.timezone ?? defaultTimezone },
      { name: 'scheduled-sync', data: { job: job.name }, opts: { removeOnComplete: 100, removeOnFail: 500 } },
    );
    upserted.push(job.name);
  }
  const wanted = new Set(jobs.map((j) => `${SCHEDULER_PREFIX}${j.name}`));
  const removed: string[] = [];
  for (const scheduler of await queue.getJobSchedulers(0, -1, true)) {
    const id = scheduler.id ?? scheduler.key;
    if (id.startsWith(SCHEDULER_PREFIX) && !wanted.has(id)) {
      await queue.removeJobScheduler(id);
      removed.push(id.slice(SCHEDULER_PREFIX.length));
    }
  }
  return { upserted, removed };
}

export interface ScheduleRow {
  name: string;
  cron: string;
  timezone: string;
  /** Next run (ms epoch) as registered in Redis; null when the worker has not registered it yet. */
  next: number | null;
}

/** What `schedule list` shows: every job file with its registered next run. */
export async function listSchedules(
  queue: Queue<ScheduledJobData> | null,
  jobs: readonly JobDefinition[],
  defaultTimezone: string,
): Promise<ScheduleRow[]> {
  const registered = new Map<string, number | undefined>();
  if (queue) for (const s of await queue.getJobSchedulers(0, -1, true)) registered.set(s.id ?? s.key, s.next);
  return jobs.map((job) => ({
    name: job.name,
    cron: job.schedule,
    timezone: job.timezone ?? defaultTimezone,
    next: registered.get(`${SCHEDULER_PREFIX}${job.name}`) ?? null,
  }));
}

/** A job's batch source: `job:<name>`, and for a downloaded sheet where from (`job:<name> <where>`). */
export function jobBatchSource(name: string, where?: string): string {
  return where === undefined ? `job:${name}` : `job:${name} ${where}`;
}

/** Whether a batch's source is one of job `name`'s. */
export function isJobBatch(source: string, name: string): boolean {
  return source === `job:${name}` || source.startsWith(`job:${name} `);
}

export interface JobRunDeps {
  /** Builds the runner for a job's rate and concurrency (the process defaults when unset). */
  runnerFor(tuning: { rate?: number | undefined; concurrency?: number | undefined }): SyncRunner;
  /**
   * The guard (GUARD_*) over a job's sheet, as import's: a job that retires what its sheet no
   * longer lists (`absent`) is held by it before anything is sent, unattended as it runs.
   */
  guard?: (request: SyncRequest) => Promise<GuardVerdict>;
  fetchLimits?: FetchLimits;
  /**
   * Where the job's last download and taken folder files are kept: Redis when the schedule runs
   * on it (every machine sees what another took), else the file beside the job file.
   */
  state?: JobStateStore;
  logger: Logger;
  /** Told when the job's sheet cannot be fetched (schedule.failed). */
  notify?: Pick<Notifier, 'scheduleFailed'>;
  /** Told when a folder source has no new file (or its newest is still being written): no batch runs. */
  onNothingNew?: (message: string) => void;
}

/**
 * Runs one job now: fetch its sheet, sync it in the job's mode (one batch per sheet, as import:
 * a workbook's Brands sheet too), then a folder file's `after:`, and clean up the download. No
 * batch (an empty list) when a folder source has nothing new.
 */
export async function runJob(
  job: JobDefinition,
  deps: JobRunDeps,
  signal: AbortSignal = new AbortController().signal,
): Promise<BatchSummary[]> {
  const columns = job.columns === undefined ? undefined : await readColumnMapping(job.columns);
  const state = deps.state ?? fileJobState;
  const source = await fetchSource(job, deps.fetchLimits, state).catch(async (error: unknown) => {
    await notifyFetchFailed(job, error, deps);
    throw error;
  });
  if (source.kind === 'nothing') {
    deps.logger.info({ job: job.name, source: shownSource(job.source) }, `scheduled sync: ${source.message}`);
    deps.onNothingNew?.(source.message);
    return [];
  }
  try {
    if (source.download) await state.recordDownload(job, source.download);
    const run = deps.runnerFor({ rate: job.rate, concurrency: job.concurrency });
    deps.logger.info({ job: job.name, mode: job.mode, download: source.download }, 'scheduled sync started');
    const request: SyncRequest = {
      file: source.path,
      source: jobBatchSource(job.name, source.from ?? undefined),
      ledger: { mode: job.mode, keyColumn: job.keyColumn, retryUnknown: false },
      ...(columns ? { columns } : {}),
      ...(job.listUnchanged ? { listUnchanged: true } : {}),
      ...(job.lang === 'ar' ? { lang: job.lang } : {}),
      ...(job.absent ? { absent: job.absent } : {}),
    };
    await holdRetiring(job, request, deps);
    const summaries = await runEverySheet(run, request, signal);
    await source.finish();
    return summaries;
  } finally {
    await source.cleanup();
  }
}

/** The guard holds a job that retires too much (or lowers prices sharply): nothing sent, and told. */
async function holdRetiring(job: JobDefinition, request: SyncRequest, deps: JobRunDeps): Promise<void> {
  if (!job.absent || !deps.guard) return;
  const verdict = await deps.guard(request);
  if (!verdict.held) return;
  const error = new JobHeldError(job.name, guardText(verdict));
  deps.logger.warn({ job: job.name, guard: verdict }, 'scheduled sync held by the guard');
  await notifyFetchFailed(job, error, deps);
  throw error;
}

/** schedule.failed, when someone is to be told; a notification that cannot be recorded is logged, not thrown. */
async function notifyFetchFailed(job: JobDefinition, error: unknown, deps: JobRunDeps): Promise<void> {
  if (!deps.notify) return;
  const e = error as { code?: unknown; message?: unknown };
  try {
    await deps.notify.scheduleFailed({
      job: job.name,
      source: shownSource(job.source),
      at: new Date().toISOString(),
      error: {
        code: typeof e.code === 'string' ? e.code : 'download_failed',
        message: typeof e.message === 'string' ? e.message : String(error),
        // In the notification's language: a sheet that could not be fetched says why in Arabic too.
        ...(error instanceof SheetFileError ? { textIn: (lang: Lang) => error.textIn(lang) } : {}),
      },
    });
  } catch (notifyError) {
    deps.logger.error(
      { err: notifyError, job: job.name },
      'the notification of a failed scheduled sync was not recorded',
    );
  }
}

/**
 * The worker side: runs each scheduled job when BullMQ hands it over (one at a time per process).
 * Close it with closeBull.
 */
export function startScheduleWorker(
  server: RedisServer & SharedConnection,
  prefix: string,
  jobsDir: string,
  deps: JobRunDeps,
): Worker<ScheduledJobData> {
  const worker = new Worker<ScheduledJobData>(
    SCHEDULE_QUEUE,
    async (job) => {
      // Read fresh from disk, so an edited job file applies from its next run.
      const definition = await findJob(jobsDir, job.data.job);
      const summaries = await runJob(definition, deps);
      return summaries.map((summary) => ({
        batchId: summary.batchId,
        counts: summary.counts,
        reportDir: summary.reportDir,
      }));
    },
    { connection: bullConnection(server), prefix, concurrency: 1, drainDelay: IDLE_WAIT_SECONDS },
  );
  worker.on('failed', (job, error) => deps.logger.error({ job: job?.data.job, err: error }, 'scheduled sync failed'));
  onBullError(worker, deps.logger, 'schedule worker');
  return worker;
}
