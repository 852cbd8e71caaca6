/**
 * A job's sheet: a local path as is, or an https URL downloaded with got into a temp file, with a
 * size limit and timeouts so a wrong URL cannot fill the disk or hang a worker.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import got from 'got';
import { parse as parseYaml } from 'yaml';
import { said } from '../messages/index.ts';
import { loadColumnMap } from '../sheet/index.ts';
import { SheetFileError } from '../sheet/types.ts';
import type { ColumnMapping } from '../sheet/open.ts';

export interface FetchLimits {
  /** @defaultValue 200 MB */
  maxBytes?: number;
  /** Whole download. @defaultValue 120000 */
  timeoutMs?: number;
}

export interface FetchedSource {
  path: string;
  /** Removes the temp copy (no-op for a local path). */
  cleanup(): Promise<void>;
}

export async function fetchSource(source: string, limits: FetchLimits = {}): Promise<FetchedSource> {
  if (!/^https?:\/\//i.test(source)) return { path: source, cleanup: () => Promise.resolve() };
  const url = new URL(source);
  const maxBytes = limits.maxBytes ?? 200 * 1024 * 1024;
  const dir = await mkdtemp(join(tmpdir(), 'catalog-sync-source-'));
  const path = join(dir, `source${extname(url.pathname) || '.csv'}`);
  const cleanup = () => rm(dir, { recursive: true, force: true });
  let received = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > maxBytes) callback(new Error(`larger than the ${maxBytes}-byte limit`));
      else callback(null, chunk);
    },
  });
  try {
    const download = got.stream(url, {
      timeout: { request: limits.timeoutMs ?? 120_000, connect: 10_000 },
      retry: { limit: 2 },
    });
    await pipeline(download, limiter, createWriteStream(path));
  } catch (error) {
    await cleanup();
    // The URL's query may carry a token: name only the host and path.
    const where = `${url.protocol}//${url.host}${url.pathname}`;
    const reason = error instanceof Error ? error.message.replace(source, where) : String(error);
    throw new SheetFileError(where, 'download_failed', said('file.download_failed', { reason }), { cause: error });
  }
  return { path, cleanup };
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
