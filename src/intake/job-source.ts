/**
 * A job's sheet: a local path as is, an https URL downloaded (sources/https-fetch.ts), an sftp file
 * or folder (sources/sftp-fetch.ts), an s3 key or prefix (sources/s3-fetch.ts), or the newest new file of a folder matching `pattern:`
 * (sources/folder-fetch.ts). A failure names the job, where
 * (scheme, host, path) and what to check, never a secret.
 */
import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { loadColumnMap } from '../sheet/index.ts';
import type { ColumnMapping } from '../sheet/open.ts';
import type { JobDefinition } from './job-file.ts';
import { noop, type FetchedSource, type FetchLimits } from './sources/fetched.ts';
import { fetchFromFolder } from './sources/folder-fetch.ts';
import { fetchHttps } from './sources/https-fetch.ts';
import { fetchSftp } from './sources/sftp-fetch.ts';
import { fetchS3 } from './sources/s3-fetch.ts';
import { fileJobState, type JobStateStore } from './sources/job-state.ts';

export type { FetchedSource, FetchLimits } from './sources/fetched.ts';

/** `state`: where the job remembers the folder files it took (the file beside it, or Redis). */
export async function fetchSource(
  job: JobDefinition,
  limits: FetchLimits = {},
  state: JobStateStore = fileJobState,
): Promise<FetchedSource> {
  if (/^https:\/\//i.test(job.source)) return fetchHttps(job, limits);
  if (/^sftp:\/\//i.test(job.source)) return fetchSftp(job, limits, state);
  if (/^s3:\/\//i.test(job.source)) return fetchS3(job, limits, state);
  if (job.pattern !== undefined) return fetchFromFolder({ ...job, pattern: job.pattern }, limits, state);
  return { kind: 'sheet', path: job.source, from: null, download: null, finish: noop, cleanup: noop };
}

/**
 * A job's `columns` map file as the header -> field record the engine takes. The sheet module
 * checks the file first (its errors name the file and key); `ignore`/null map to `ignore`.
 */
export async function readColumnMapping(file: string): Promise<ColumnMapping> {
  await loadColumnMap(file);
  const data = parseYaml((await readFile(file, 'utf8')).replace(/^\uFEFF/, '')) as {
    columns: Record<string, string | null>;
  };
  return Object.fromEntries(Object.entries(data.columns).map(([header, field]) => [header, field ?? 'ignore']));
}
