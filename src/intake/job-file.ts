/**
 * Scheduled syncs: one `jobs/<name>.yaml` per job, checked with zod. Every error names the file
 * and the key. Parsing is pure; loadJobs reads the folder.
 *
 *   name: nightly-products
 *   source: ../templates/sample-products.csv   # path (relative to the job file) or https URL
 *   headers_file: /etc/catalog-sync/feed.headers # optional, https: "Name: value" lines (a token)
 *   ca_file: ./supplier-ca.pem                  # optional, https: a CA to trust besides the system's
 *   private_key_file: /etc/catalog-sync/id_ed25519 # sftp: a key file (or password_file:)
 *   host_key: SHA256:...                        # sftp: the server's host key fingerprint, pinned
 *   endpoint: https://s3.example.com            # s3: an S3-compatible endpoint (default: AWS)
 *   region: eu-central-1                        # s3 (default us-east-1)
 *   credentials_file: ./s3.credentials          # s3: aws_access_key_id / aws_secret_access_key (default: env)
 *   pattern: "prices-*.csv"                     # optional: source is a folder; its newest new match
 *   after: move ../done                         # optional, with pattern: keep (default) | delete | move <dir>
 *   schedule: "0 2 * * *"                       # cron: minute hour day month weekday
 *   timezone: Asia/Riyadh                       # default: the store's time_zone
 *   mode: delta                                 # delta (default) | full
 *   rate: 5                                     # optional, requests per second
 *   concurrency: 4                              # optional
 *   columns: ../mappings/erp.yaml               # optional --columns map file
 *   key_column: barcode                         # optional, identifies created products
 *   list_unchanged: false                       # optional, list rows a delta sync skips as unchanged
 *   lang: ar                                    # optional, en (default) | ar: the report's row messages
 *   absent:                                     # optional: the sheet is the whole catalog; products
 *     status: 0                                 #   known to catalog-sync it no longer lists get this status
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { CronExpressionParser } from 'cron-parser';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { DEFAULT_KEY_COLUMN } from '../ledger/rules.ts';
import type { Lang } from '../messages/index.ts';
import type { AbsentSetting } from '../sync/retire.ts';
import { checkSourceKeys, SOURCE_KEYS, sourceSettings, type SourceSettings } from './job-source-keys.ts';

export class JobFileError extends Error {
  override readonly name = 'JobFileError';
  constructor(
    readonly file: string,
    readonly key: string | null,
    message: string,
  ) {
    super(`${file}${key ? `: ${key}` : ''}: ${message}`);
  }
}

/** Pure: the first run strictly after `afterMs` (ms epoch), with the parser BullMQ uses. */
export function nextRun(cron: string, timezone: string, afterMs: number): number {
  return CronExpressionParser.parse(cron, { tz: timezone, currentDate: new Date(afterMs) })
    .next()
    .getTime();
}

function isCron(expression: string): boolean {
  const fields = expression.trim().split(/\s+/).length;
  if (fields !== 5 && fields !== 6) return false;
  try {
    CronExpressionParser.parse(expression, { strict: false });
    return true;
  } catch {
    return false;
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const JobSchema = z
  .object({
    name: z
      .string({ error: 'is required (letters, digits, - _ .)' })
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'may hold only letters, digits and - _ . (up to 64)'),
    ...SOURCE_KEYS,
    schedule: z
      .string({ error: 'is required (cron, e.g. "0 2 * * *")' })
      .trim()
      .refine(
        isCron,
        'must be a cron expression with 5 fields (minute hour day month weekday), or 6 with seconds first',
      ),
    timezone: z.string().refine(isTimeZone, 'is not an IANA time zone (e.g. Asia/Riyadh, UTC)').optional(),
    mode: z.enum(['delta', 'full'], { error: 'must be delta or full' }).default('delta'),
    rate: z
      .number({ error: 'must be a number (requests per second)' })
      .positive('must be greater than 0')
      .max(10_000)
      .optional(),
    concurrency: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .positive('must be greater than 0')
      .max(1_000)
      .optional(),
    columns: z.string().min(1, 'is empty').optional(),
    key_column: z
      .string()
      .regex(/^[a-z_]+$/, 'must be a field name such as barcode')
      .default(DEFAULT_KEY_COLUMN),
    list_unchanged: z.boolean({ error: 'must be true or false' }).default(false),
    lang: z.enum(['en', 'ar'], { error: 'must be en or ar' }).default('en'),
    absent: z
      .object(
        {
          status: z
            .number({ error: 'must be the product_status to set, a whole number such as 0' })
            .int('must be a whole number such as 0')
            .min(0, 'must be 0 or more'),
        },
        { error: 'must say which status products the sheet no longer lists get, e.g. "absent: { status: 0 }"' },
      )
      .strict()
      .optional(),
  })
  .strict()
  .superRefine(checkSourceKeys);

export interface JobDefinition extends SourceSettings {
  name: string;
  /** The job file it came from. */
  file: string;
  schedule: string;
  timezone: string | undefined;
  mode: 'delta' | 'full';
  rate: number | undefined;
  concurrency: number | undefined;
  /** Absolute path of a column map file. */
  columns: string | undefined;
  keyColumn: string;
  /** List rows skipped as unchanged in the report too (default: counted only). */
  listUnchanged: boolean;
  /** The language of the batch's report (SyncRequest.lang); absent: English. */
  lang?: Lang;
  /** The sheet is the whole catalog: what it no longer lists gets this status (SyncRequest.absent). */
  absent?: AbsentSetting;
}

/** Pure: the job in `text` (the YAML of `file`), or a JobFileError naming the file and key. */
export function parseJobFile(file: string, text: string): JobDefinition {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new JobFileError(file, null, `not valid YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = JobSchema.safeParse(data ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // A key unknown inside `absent` (the one key that holds keys) is named with it.
    const nested = issue.code === 'unrecognized_keys' && issue.path.length > 0;
    const key =
      issue.code === 'unrecognized_keys'
        ? [...issue.path, issue.keys.join(', ')].join('.')
        : issue.path.join('.') || null;
    const message = nested
      ? 'unknown key (allowed: status)'
      : issue.code === 'unrecognized_keys'
        ? `unknown key (allowed: name, schedule, timezone, mode, rate, concurrency, columns, key_column, list_unchanged, lang, absent, ${Object.keys(SOURCE_KEYS).join(', ')})`
        : issue.message;
    throw new JobFileError(file, key, message);
  }
  const job = parsed.data;
  const base = dirname(file);
  const local = (path: string) => (isAbsolute(path) ? path : resolve(base, path));
  return {
    name: job.name,
    file,
    schedule: job.schedule,
    timezone: job.timezone,
    mode: job.mode,
    rate: job.rate,
    concurrency: job.concurrency,
    columns: job.columns === undefined ? undefined : local(job.columns),
    keyColumn: job.key_column,
    listUnchanged: job.list_unchanged,
    lang: job.lang,
    ...(job.absent === undefined ? {} : { absent: { status: job.absent.status } }),
    ...sourceSettings(job, local),
  };
}

/**
 * A jobs folder as read: the jobs that check, and the files that do not, each with its error. A
 * bad file is skipped, not fatal: the store's other jobs, its drop folder and its imports go on,
 * and the file is reported (the worker's log and a notification, `schedule list`, the console).
 */
export interface JobFolder {
  jobs: JobDefinition[];
  problems: JobFileError[];
}

/**
 * Every `*.yaml`/`*.yml` in `dir` (none when the folder does not exist). A name already taken by
 * an earlier file (in name order) makes the later file a problem.
 */
export async function loadJobs(dir: string): Promise<JobFolder> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => /\.ya?ml$/i.test(n) && !n.startsWith('.')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { jobs: [], problems: [] };
    throw error;
  }
  const folder: JobFolder = { jobs: [], problems: [] };
  const byName = new Map<string, string>();
  for (const name of names) {
    const file = join(dir, name);
    try {
      const job = parseJobFile(file, await readJobText(file));
      const other = byName.get(job.name);
      if (other) throw new JobFileError(file, 'name', `"${job.name}" is already the name of the job in ${other}`);
      byName.set(job.name, file);
      folder.jobs.push(job);
    } catch (error) {
      if (!(error instanceof JobFileError)) throw error;
      folder.problems.push(error);
    }
  }
  return folder;
}

async function readJobText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new JobFileError(file, null, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/**
 * The job named `name`. Not there: a file of that name that does not check says why, else the
 * error says which files were skipped, if any.
 */
export async function findJob(dir: string, name: string): Promise<JobDefinition> {
  const { jobs, problems } = await loadJobs(dir);
  const job = jobs.find((j) => j.name === name);
  if (job) return job;
  const own = problems.find((problem) => basename(problem.file).replace(/\.ya?ml$/i, '') === name);
  if (own) throw own;
  const skipped =
    problems.length === 0 ? '' : `; job files skipped as they do not check: ${problems.map((p) => p.file).join(', ')}`;
  throw new JobFileError(dir, null, `no job named "${name}" (see catalog-sync schedule list)${skipped}`);
}
