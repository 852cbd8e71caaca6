/**
 * `schedule list [--json]`: each store's jobs with their cron, zone and next run, and the job files
 * skipped because they do not check (exit 1 then). With a stores file and no --store, every store
 * of the file; one store (--store, or the environment's) alone otherwise.
 */
import type { App } from '../../app.ts';
import { wallClock } from '../../console/schedules.ts';
import { loadJobs, nextRun } from '../../intake/job-file.ts';
import { listSchedules, scheduleQueue } from '../../intake/schedules.ts';
import { redisServerOf } from '../../redis.ts';
import { closeBull } from '../../sync/queue/connection.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { formatTable } from '../lists.ts';

interface ListedJob {
  name: string;
  cron: string;
  timezone: string;
  /** ISO 8601 (UTC): BullMQ's registered next run, else the cron's. */
  nextRun: string;
  /** The next run on the store's clock (`storeTimeZone`). */
  nextInStoreZone: string;
  registered: boolean;
}

interface StoreJobs {
  /** The store's id in the stores file (`default` without one). */
  store: string;
  jobsDir: string;
  storeTimeZone: string;
  jobs: ListedJob[];
  /** Job files that do not check: skipped by the worker, told in its log and a notification. */
  skipped: { file: string; key: string | null; message: string }[];
}

async function storeJobs(app: App): Promise<StoreJobs> {
  const { config } = app;
  const { jobs, problems } = await loadJobs(config.jobsDir);
  const shown: StoreJobs = {
    store: config.storeId ?? 'default',
    jobsDir: config.jobsDir,
    storeTimeZone: '',
    jobs: [],
    skipped: problems.map((p) => ({ file: p.file, key: p.key, message: p.message })),
  };
  if (jobs.length === 0) return shown;
  // Next runs are shown on the store's clock, whatever zone each cron is read in.
  const zone = await app.storeTimeZone();
  shown.storeTimeZone = zone;
  const server = redisServerOf(config);
  const queue = server ? scheduleQueue(server, (await app.queueTarget()).prefix) : null;
  try {
    const now = Date.now();
    shown.jobs = (await listSchedules(queue, jobs, zone)).map((row) => {
      const next = row.next ?? nextRun(row.cron, row.timezone, now);
      return {
        name: row.name,
        cron: row.cron,
        timezone: row.timezone,
        nextRun: new Date(next).toISOString(),
        nextInStoreZone: wallClock(next, zone),
        registered: row.next !== null,
      };
    });
  } finally {
    if (queue) await closeBull(queue);
  }
  return shown;
}

export async function scheduleList(ctx: CliContext, flags: { jobsDir?: string; json?: boolean }): Promise<void> {
  const extra = { jobsDir: flags.jobsDir };
  const config = await ctx.config(extra);
  const stores: StoreJobs[] = [];
  if (config.storesOnOffer) {
    await ctx.withDeployment(
      async (deployment) => {
        await deployment.serve({
          start: async (app) => {
            stores.push(await storeJobs(app));
            return { stop: () => Promise.resolve() };
          },
        });
      },
      { extra },
    );
    stores.sort((a, b) => config.storesOnOffer!.ids.indexOf(a.store) - config.storesOnOffer!.ids.indexOf(b.store));
  } else await ctx.withApp(async (app) => void stores.push(await storeJobs(app)), { config });
  if (stores.some((store) => store.skipped.length > 0)) process.exitCode = EXIT.problems;
  if (flags.json) {
    ctx.print(JSON.stringify({ stores }, null, 2));
    return;
  }
  const many = config.storesOnOffer !== undefined;
  for (const store of stores) {
    const head = many ? `store ${store.store}: ` : '';
    if (store.jobs.length === 0) ctx.print(`${head}no job files in ${store.jobsDir}`);
    else {
      if (many) ctx.print(`store ${store.store} (${store.jobsDir})`);
      ctx.print(
        formatTable(
          ['JOB', 'CRON', 'TIME ZONE', `NEXT RUN (${store.storeTimeZone}, the store's)`, 'REGISTERED'],
          store.jobs.map((job) => [
            job.name,
            job.cron,
            job.timezone,
            job.nextInStoreZone,
            job.registered ? 'yes' : 'no (a worker registers it)',
          ]),
        ),
      );
    }
    for (const skipped of store.skipped) ctx.print(`${head}skipped, it does not check: ${skipped.message}`);
  }
}
