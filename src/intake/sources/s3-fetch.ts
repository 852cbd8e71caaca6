/**
 * A job's s3:// sheet on any S3-compatible endpoint, through the AWS SDK's S3 client (the
 * reference implementation of the protocol, request signing included): one key, or with
 * `pattern:` the newest new object directly under a prefix (folder.ts's choice; an object is whole
 * once it is listed, so there is no second look), downloaded whole into a temp file (its length
 * checked against the server's) and `after:` applied in the bucket once the batches are reported.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, posix } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { ref, said, type MessageRef } from '../../messages/index.ts';
import { SheetFileError } from '../../sheet/types.ts';
import type { JobDefinition } from '../job-file.ts';
import type { AfterTaken } from './after-taken.ts';
import { whatToCheck } from './download-check.ts';
import type { FetchedSource, FetchLimits } from './fetched.ts';
import type { FolderFile } from './folder.ts';
import { globTest } from './glob.ts';
import { fileJobState, type JobStateStore } from './job-state.ts';
import { busyMessage, claimNewest } from './claim-newest.ts';
import { readS3Credentials } from './s3-credentials.ts';

type Job = Pick<
  JobDefinition,
  'name' | 'file' | 'source' | 'pattern' | 'after' | 'endpoint' | 'region' | 'credentialsFile'
>;

export function s3Target(source: string): { bucket: string; key: string } {
  const url = new URL(source);
  return { bucket: url.hostname, key: decodeURIComponent(url.pathname).replace(/^\//, '') };
}

async function s3Client(job: Job): Promise<S3Client> {
  const { S3Client } = await import('@aws-sdk/client-s3');
  const credentials = job.credentialsFile === undefined ? undefined : await readS3Credentials(job.credentialsFile);
  return new S3Client({
    region: job.region ?? 'us-east-1',
    ...(job.endpoint === undefined ? {} : { endpoint: job.endpoint, forcePathStyle: true }),
    ...(credentials ? { credentials } : {}),
    // S3-compatible servers do not all know the SDK's newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

async function listUnder(s3: S3Client, bucket: string, prefix: string): Promise<FolderFile[]> {
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const files: FolderFile[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, Delimiter: '/', ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      const name = (object.Key ?? '').slice(prefix.length);
      if (name === '' || name.startsWith('.')) continue;
      files.push({ name, bytes: object.Size ?? 0, mtimeMs: object.LastModified?.getTime() ?? 0 });
    }
    token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
  } while (token !== undefined);
  return files;
}

async function download(s3: S3Client, bucket: string, key: string, path: string, maxBytes: number, timeoutMs: number) {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }), {
    abortSignal: AbortSignal.timeout(timeoutMs),
  });
  if ((object.ContentLength ?? 0) > maxBytes) {
    throw Object.assign(new Error(`larger than the ${maxBytes}-byte limit`), { code: 'TOO_LARGE' });
  }
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(object.Body as Readable, counter, createWriteStream(path));
  if (object.ContentLength !== undefined && received !== object.ContentLength) {
    throw Object.assign(new Error(`received ${received} of ${object.ContentLength} bytes`), { code: 'CUT' });
  }
  return received;
}

export async function fetchS3(
  job: Job,
  limits: FetchLimits,
  state: JobStateStore = fileJobState,
): Promise<FetchedSource> {
  const { bucket, key } = s3Target(job.source);
  const where = `s3://${bucket}/${key}`;
  const maxBytes = limits.maxBytes ?? 200 * 1024 * 1024;
  const timeoutMs = limits.timeoutMs ?? 120_000;
  const s3 = await s3Client(job);
  const dir = await mkdtemp(join(tmpdir(), 'catalog-sync-source-'));
  let chosen: FolderFile | null = null;
  // The claimed object, let go once recorded as taken or when this run takes nothing.
  const cleanup = async () => {
    await rm(dir, { recursive: true, force: true });
    if (chosen) await state.release(job, chosen);
  };
  try {
    let objectKey = key;
    let name = posix.basename(key);
    if (job.pattern !== undefined) {
      const prefix = key.endsWith('/') ? key : `${key}/`;
      const claimed = await claimNewest(state, job, await listUnder(s3, bucket, prefix), globTest(job.pattern));
      if (claimed.kind !== 'claimed') {
        await cleanup();
        s3.destroy();
        const message = claimed.kind === 'busy' ? busyMessage(claimed.file) : `no new file matching ${job.pattern}`;
        return { kind: 'nothing', message };
      }
      chosen = claimed.file;
      objectKey = `${prefix}${chosen.name}`;
      name = chosen.name;
    }
    const path = join(dir, `source${extname(name) || '.csv'}`);
    const bytes = await download(s3, bucket, objectKey, path, maxBytes, timeoutMs);
    const taken = chosen;
    return {
      kind: 'sheet',
      path,
      from: `s3://${bucket}/${objectKey}`,
      download: { at: new Date().toISOString(), bytes, file: name, where },
      finish: async () => {
        try {
          if (taken) {
            await state.recordTaken(job, taken);
            await afterInBucket(s3, bucket, objectKey, name, job.after ?? { kind: 'keep' });
          }
        } finally {
          s3.destroy();
        }
      },
      cleanup,
    };
  } catch (error) {
    await cleanup();
    s3.destroy();
    const e = error as { message?: unknown };
    const reason = typeof e.message === 'string' ? e.message : String(error);
    throw new SheetFileError(
      where,
      'download_failed',
      said('source.download_failed', { job: job.name, reason, check: s3Check(job, error, timeoutMs, maxBytes) }),
    );
  }
}

function s3Check(job: Job, error: unknown, timeoutMs: number, maxBytes: number): MessageRef {
  const e = error as { name?: unknown; code?: unknown; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  if (status === 401 || status === 403) {
    return ref('source.check.s3_credentials', {
      from: job.credentialsFile ?? 'AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY',
    });
  }
  if (status === 404 || e.name === 'NoSuchKey' || e.name === 'NoSuchBucket') return ref('source.check.path', {});
  const code =
    typeof e.code === 'string'
      ? e.code
      : e.name === 'TimeoutError' || e.name === 'AbortError'
        ? 'ETIMEDOUT'
        : undefined;
  return whatToCheck({ code, status }, { timeoutMs, maxBytes, maxRedirects: 0 });
}

/** `after:` in the bucket: S3 has no rename, so a move is a copy then a delete. */
async function afterInBucket(
  s3: S3Client,
  bucket: string,
  key: string,
  name: string,
  after: AfterTaken,
): Promise<void> {
  if (after.kind === 'keep') return;
  const { CopyObjectCommand, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  if (after.kind === 'move') {
    const target = `${after.dir.replace(/^\/+|\/+$/g, '')}/${name}`;
    await s3.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: target,
        CopySource: `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
  }
  await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}
