/**
 * A job's https sheet into a temp file: its headers file read, its CA trusted, and a failure turned
 * into a SheetFileError naming the source (scheme, host, path), the job and what to check, with any
 * secret (a header value, the URL's query) blotted out of the library's words.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { said } from '../../messages/index.ts';
import { shownSource } from '../../notify/event.ts';
import { SheetFileError } from '../../sheet/types.ts';
import type { JobDefinition } from '../job-file.ts';
import { whatToCheck } from './download-check.ts';
import { noop, type FetchedSheet, type FetchLimits } from './fetched.ts';
import { readHeadersFile } from './headers-file.ts';
import { DownloadError, downloadHttps } from './https.ts';

type HttpsJob = Pick<JobDefinition, 'name' | 'source' | 'headersFile' | 'caFile'>;

export async function fetchHttps(job: HttpsJob, limits: FetchLimits): Promise<FetchedSheet> {
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
    const download = { at: new Date().toISOString(), bytes, file, where };
    return { kind: 'sheet', path, from: where, download, finish: noop, cleanup };
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
  for (const secret of secrets) {
    if (secret.length > 0) out = out.split(secret).join(secret.startsWith('https:') ? where : '[secret]');
  }
  return out;
}
