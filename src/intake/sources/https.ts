/**
 * An https download into a file: got (already the house's client for this) with the job's headers,
 * an optional CA, a bounded number of redirects, a size limit and a timeout. A body shorter than its
 * Content-Length is a failure, so a cut transfer never reaches the sheet reader as a whole file.
 */
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import got, { HTTPError, RequestError } from 'got';
import type { DownloadFailure } from './download-check.ts';

export interface HttpsDownload {
  headers: Readonly<Record<string, string>>;
  /** PEM text of the CA(s) to trust besides the system's. */
  ca?: string | undefined;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

/** A failed download: the code or status whatToCheck reads, and the library's own words. */
export class DownloadError extends Error implements DownloadFailure {
  override readonly name = 'DownloadError';
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status?: number,
  ) {
    // No `cause`: got's errors hold the request options, headers included, and a logger would print them.
    super(message);
  }
}

/** Downloads `url` into `path`; resolves with the bytes written. */
export async function downloadHttps(url: URL, path: string, options: HttpsDownload): Promise<number> {
  let received = 0;
  const body: { announced: number | null } = { announced: null };
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > options.maxBytes) {
        callback(new DownloadError(`larger than the ${options.maxBytes}-byte limit`, 'TOO_LARGE'));
      } else callback(null, chunk);
    },
  });
  const download = got.stream(url, {
    headers: { ...options.headers },
    timeout: { request: options.timeoutMs, connect: 10_000 },
    retry: { limit: 2 },
    followRedirect: true,
    maxRedirects: options.maxRedirects,
    ...(options.ca === undefined ? {} : { https: { certificateAuthority: options.ca } }),
    hooks: { beforeRedirect: [(next) => withoutOwnHeadersElsewhere(next, url.origin, options.headers)] },
  });
  download.on('response', (response: { headers: Record<string, string | string[] | undefined> }) => {
    const length = response.headers['content-length'];
    // A compressed body is counted after got inflates it, so only a plain one can be compared.
    if (typeof length === 'string' && response.headers['content-encoding'] === undefined) {
      body.announced = Number(length);
    }
  });
  try {
    await pipeline(download, limiter, createWriteStream(path));
  } catch (error) {
    throw asDownloadError(error);
  }
  if (body.announced !== null && received !== body.announced) {
    throw new DownloadError(`received ${received} of the ${body.announced} bytes announced`, 'CUT');
  }
  return received;
}

/**
 * got drops Authorization and Cookie on a redirect to another origin, but would carry an
 * `X-Api-Key` on: none of the job's own headers leaves the origin it was written for.
 */
function withoutOwnHeadersElsewhere(
  next: { url?: URL | string | undefined; headers: Record<string, unknown> },
  origin: string,
  own: Readonly<Record<string, string>>,
): void {
  if (next.url !== undefined && new URL(next.url).origin === origin) return;
  for (const name of Object.keys(own)) delete next.headers[name];
}

function asDownloadError(error: unknown): DownloadError {
  if (error instanceof DownloadError) return error;
  if (error instanceof HTTPError) {
    return new DownloadError(error.message, error.code, error.response.statusCode);
  }
  if (error instanceof RequestError) return new DownloadError(error.message, error.code);
  const e = error as { code?: unknown; message?: unknown };
  return new DownloadError(
    typeof e.message === 'string' ? e.message : String(error),
    typeof e.code === 'string' ? e.code : undefined,
  );
}
