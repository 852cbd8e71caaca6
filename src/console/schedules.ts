/**
 * The schedules panel: the job files (JOBS_DIR) as `schedule list` shows them (listSchedules: the
 * next run BullMQ registered, else the next the cron gives), with the newest batch each job made,
 * and "run now": the job run as `schedule run <name>` runs it (runJob: fetch the sheet, one batch
 * per sheet), its batches on the board like any other. A name from a request is only ever
 * compared with the names in the job files: it never becomes a path.
 */
import type { Queue } from 'bullmq';
import { loadJobs, nextRun } from '../intake/job-file.ts';
import { isJobBatch, listSchedules, runJob, type JobRunDeps, type ScheduledJobData } from '../intake/schedules.ts';
import { lastDownload, type JobStateStore } from '../intake/sources/job-state.ts';
import type { Logger } from '../log.ts';
import { shownSource } from '../notify/event.ts';
import type { SchedulesView } from './answers/panels.ts';
import type { BatchBoard } from './board.ts';

export interface SchedulePanelDeps {
  jobsDir: string;
  board: BatchBoard;
  storeTimeZone: () => Promise<string>;
  /** The schedules queue with Redis (registered next runs), else null. */
  queue: Queue<ScheduledJobData> | null;
  logger: Logger;
  clock?: () => number;
  /** Told when a job's sheet cannot be fetched (schedule.failed). */
  notify?: JobRunDeps['notify'];
  /** The store's guard over a job that retires (JobRunDeps.guard). */
  guard?: JobRunDeps['guard'];
  /** Where jobs keep their state: Redis when the schedules run on it (JobRunDeps.state), else the files. */
  state?: JobStateStore;
}

export class SchedulePanel {
  private readonly clock: () => number;

  constructor(private readonly deps: SchedulePanelDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  async view(): Promise<SchedulesView> {
    const { jobs, problems } = await loadJobs(this.deps.jobsDir);
    const zone = await this.deps.storeTimeZone();
    const rows = await listSchedules(this.deps.queue, jobs, zone);
    const batches = await this.deps.board.list();
    const now = this.clock();
    const byName = new Map(jobs.map((job) => [job.name, job]));
    const downloads = await Promise.all(rows.map((row) => lastDownload(byName.get(row.name)!, this.deps.state)));
    return {
      storeTimeZone: zone,
      skipped: problems.map((problem) => ({ file: problem.file, key: problem.key, message: problem.message })),
      schedules: rows.map((row) => {
        const job = byName.get(row.name)!;
        const next = row.next ?? nextRun(row.cron, row.timezone, now);
        const last = batches.find((batch) => isJobBatch(batch.source, row.name));
        return {
          name: row.name,
          cron: row.cron,
          timezone: row.timezone,
          mode: job.mode,
          source: shownSource(job.source),
          next: new Date(next).toISOString(),
          nextInStoreZone: wallClock(next, zone),
          registered: row.next !== null,
          lastDownload: downloads[rows.indexOf(row)] ?? null,
          lastBatch: last
            ? { batchId: last.batchId, status: last.status, total: last.total, counts: last.counts }
            : null,
        };
      }),
    };
  }

  /**
   * Runs the job named `name` now and returns its (first) batch id at once, or null when no job
   * file has that name. The batch shows as queued while the sheet is fetched; a Brands sheet
   * beside the products becomes a batch of its own, as with `schedule run`.
   */
  async runNow(name: string): Promise<string | null> {
    const job = (await loadJobs(this.deps.jobsDir)).jobs.find((one) => one.name === name);
    if (!job) return null;
    const { board, logger } = this.deps;
    const batchId = board.newBatchId();
    const source = `job:${job.name}`;
    board.launch(
      { batchId, source, file: shownSource(job.source) },
      (hooks, runner) =>
        new Promise((resolve, reject) => {
          let first = true;
          runJob(job, {
            logger,
            ...(this.deps.notify ? { notify: this.deps.notify } : {}),
            ...(this.deps.guard ? { guard: this.deps.guard } : {}),
            ...(this.deps.state ? { state: this.deps.state } : {}),
            onNothingNew: (message) => reject(new Error(message)),
            runnerFor: (tuning) => (request) => {
              if (first) {
                first = false;
                const run = runner.run({ ...request, batchId }, hooks, tuning);
                run.then(resolve, reject);
                return run;
              }
              return board.run({ ...request, batchId: board.newBatchId(), source }, tuning);
            },
            // Before the first batch (the sheet could not be fetched, a column map is wrong) this
            // fails it; later, each batch has shown (and logged) its own end.
          }).catch(reject);
        }),
    );
    return batchId;
  }
}

/** A job's source as shown: an https URL without user, query or fragment (a token may be there). */
export { shownSource };

/** `2026-01-22 02:00` as a clock in `zone` shows the moment. */
export function wallClock(ms: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}
