/**
 * A job's sheet: a local path as is, or an https URL downloaded into a temp file (sources/https.ts)
 * with the job's headers, a size limit and timeouts so a wrong URL cannot fill the disk or hang a
 * worker. A failure names the job, where (scheme, host, path) and what to check, never a secret.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { said } from '../messages/index.ts';
import { loadColumnMap } from '../sheet/index.ts';
import { SheetFileError } from '../sheet/types.ts';
import type { ColumnMapping } from '../sheet/open.ts';
import type { JobDefinition } from './job-file.ts';
import { whatToCheck } from './sources/download-check.ts';
import { readHeadersFile } from './sources/headers-file.ts';
import { DownloadError, downloadHttps } from './sources/https.ts';
import type { LastDownload } from './sources/last-download.ts';
import { shownSource } from '../notify/event.ts';

export interface FetchLimits {
  /** @defaultValue 200 MB */
  maxBytes?: number;
  /** Whole download. @defaultValue 120000 */
  timeoutMs?: number;
  /** @defaultValue 5 */
  maxRedirects?: number;
}

export interface FetchedSource {
  path: string;
  /** What was downloaded; null for a local path, read where it lies. */
  download: LastDownload | null;
  /** Removes the temp copy (no-op for a local path). */
  cleanup(): Promise<void>;
}

type JobSource = Pick<JobDefinition, 'name' | 'source' | 'headersFile' | 'caFile'>;

export async function fetchSource(job: JobSource, limits: FetchLimits = {}): Promise<FetchedSource> {
  if (!/^https:\/\//i.test(job.source)) return { path: job.source, download: null, cleanup: () => Promise.resolve() };
  const url = new URL(job.source);
  const settings = {
    headersFile: job.headersFile,
    maxBytes: limits.maxBytes ?? 200 * 1024 * 1024,
    timeoutMs: limits.timeoutMs ?? 120_000,
    maxRedirects: limits.maxRedirects ?? 5,
  };
  const headers = job.headersFile === undefined ? {} : await readHeadersFile(job.headersFile);
  const ca = job.caFile === undefined ? undefined : await readFile(job.caFile, 'utf8');
  const dir = await mkdtemp(join(tmpdir(), 'catalog-sync-source-'));
  const path = join(dir, `source${extname(url.pathname) || '.csv'}`);
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const where = shownSource(job.source);
  try {
    const bytes = await downloadHttps(url, path, { ...settings, headers, ca });
    const file = basename(url.pathname) || url.host;
    return { path, download: { at: new Date().toISOString(), bytes, file, where }, cleanup };
  } catch (error) {
    await cleanup();
    const failure = error instanceof DownloadError ? error : new DownloadError(String(error), undefined);
    const reason = withoutSecrets(failure.message, [job.source, ...Object.values(headers)], where);
    throw new SheetFileError(
      where,
      'download_failed',
      said('source.download_failed', { job: job.name, reason, check: whatToCheck(failure, settings) }),
    );
  }
}

/** A library's message with the full URL named by `where` and any header value blotted out. */
function withoutSecrets(text: string, secrets: readonly string[], where: string): string {
  let out = text;
  for (const secret of secrets)
    if (secret.length > 0) out = out.split(secret).join(secret.startsWith('https:') ? where : '[secret]');
  return out;
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
