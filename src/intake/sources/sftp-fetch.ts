/**
 * A job's sftp:// sheet: one file, or with `pattern:` the newest new file of a folder (folder.ts's
 * choice, two looks for a file still being written), downloaded whole into a temp file (its size
 * checked against the server's), and `after:` applied on the server once the batches are reported.
 * A failure names the source (scheme, host, path), the job and what to check: both fingerprints
 * for a host key that is not the pinned one.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, posix } from 'node:path';
import type SftpClient from 'ssh2-sftp-client';
import { ref, said, type MessageRef } from '../../messages/index.ts';
import { SheetFileError } from '../../sheet/types.ts';
import type { JobDefinition } from '../job-file.ts';
import { whatToCheck } from './download-check.ts';
import type { FetchedSource, FetchLimits } from './fetched.ts';
import { busyMessage, claimNewest } from './claim-newest.ts';
import { stillWriting, type FolderFile } from './folder.ts';
import { globTest } from './glob.ts';
import { fileJobState, type JobStateStore } from './job-state.ts';
import { samePrint } from './host-key.ts';
import { openSftp, sftpTarget, type SftpJob } from './sftp.ts';
import type { AfterTaken } from './after-taken.ts';

const SETTLE_MS = 2_000;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Job = SftpJob & Pick<JobDefinition, 'file' | 'pattern' | 'after'>;

/** Scheme, host and path: the user is left out with everything else a log need not hold. */
export const sftpWhere = (source: string): string => {
  const url = new URL(source);
  return `sftp://${url.host}${url.pathname}`;
};

async function listFiles(client: SftpClient, dir: string): Promise<FolderFile[]> {
  return (await client.list(dir))
    .filter((entry) => entry.type === '-' && !entry.name.startsWith('.'))
    .map((entry) => ({ name: entry.name, bytes: entry.size, mtimeMs: entry.modifyTime }));
}

async function lookAt(client: SftpClient, path: string): Promise<FolderFile | null> {
  try {
    const s = await client.stat(path);
    return s.isFile ? { name: posix.basename(path), bytes: s.size, mtimeMs: s.modifyTime } : null;
  } catch {
    return null;
  }
}

export async function fetchSftp(
  job: Job,
  limits: FetchLimits,
  state: JobStateStore = fileJobState,
): Promise<FetchedSource> {
  const target = sftpTarget(job.source);
  const where = sftpWhere(job.source);
  const maxBytes = limits.maxBytes ?? 200 * 1024 * 1024;
  const timeoutMs = limits.timeoutMs ?? 120_000;
  let shown: string | null = null;
  let client: SftpClient | null = null;
  const dir = await mkdtemp(join(tmpdir(), 'catalog-sync-source-'));
  // The claimed folder file, let go once recorded as taken or when this run takes nothing.
  let held: FolderFile | null = null;
  const cleanup = async () => {
    await rm(dir, { recursive: true, force: true });
    if (held) await state.release(job, held);
  };
  try {
    client = await openSftp(job, (print) => (shown = print));
    let file: FolderFile | null;
    let remotePath: string;
    if (job.pattern !== undefined) {
      const claimed = await claimNewest(state, job, await listFiles(client, target.path), globTest(job.pattern));
      if (claimed.kind !== 'claimed') {
        await cleanup();
        const message = claimed.kind === 'busy' ? busyMessage(claimed.file) : `no new file matching ${job.pattern}`;
        return { kind: 'nothing', message };
      }
      const chosen = (held = claimed.file);
      remotePath = posix.join(target.path, chosen.name);
      await (limits.settle ?? (() => wait(SETTLE_MS)))();
      const again = await lookAt(client, remotePath);
      if (stillWriting(chosen, again)) {
        await cleanup();
        return { kind: 'nothing', message: `${chosen.name} is still being written: it is taken on a later run` };
      }
      file = chosen;
    } else {
      remotePath = target.path;
      file = await lookAt(client, remotePath);
      if (file === null) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
    }
    if (file.bytes > maxBytes)
      throw Object.assign(new Error(`larger than the ${maxBytes}-byte limit`), { code: 'TOO_LARGE' });
    const path = join(dir, `source${extname(file.name) || '.csv'}`);
    await withTimeout(client.fastGet(remotePath, path), timeoutMs);
    const got = (await stat(path)).size;
    if (got !== file.bytes) throw Object.assign(new Error(`received ${got} of ${file.bytes} bytes`), { code: 'CUT' });
    const taken = file;
    return {
      kind: 'sheet',
      path,
      from: job.pattern === undefined ? where : `${where.replace(/\/$/, '')}/${taken.name}`,
      download: { at: new Date().toISOString(), bytes: taken.bytes, file: taken.name, where },
      finish: async () => {
        if (job.pattern === undefined) return;
        await state.recordTaken(job, taken);
        await afterOnServer(job, job.after ?? { kind: 'keep' }, remotePath, taken.name);
      },
      cleanup,
    };
  } catch (error) {
    await cleanup();
    const e = error as { code?: unknown; message?: unknown };
    const reason = typeof e.message === 'string' ? e.message : String(error);
    throw new SheetFileError(
      where,
      'download_failed',
      said('source.download_failed', {
        job: job.name,
        reason,
        check: sftpCheck(job, shown, error, timeoutMs, maxBytes),
      }),
    );
  } finally {
    await client?.end().catch(() => undefined);
  }
}

function sftpCheck(job: Job, shown: string | null, error: unknown, timeoutMs: number, maxBytes: number): MessageRef {
  if (shown !== null && (job.hostKey === undefined || !samePrint(shown, job.hostKey))) {
    return job.hostKey === undefined
      ? ref('source.check.host_key_unknown', { actual: shown })
      : ref('source.check.host_key_changed', { actual: shown, pinned: job.hostKey });
  }
  const e = error as { code?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : '';
  if (/authentication/i.test(message)) {
    return ref('source.check.ssh_credentials', { file: job.privateKeyFile ?? job.passwordFile ?? '' });
  }
  const code =
    typeof e.code === 'string' ? e.code : e.code === 2 || /no such file/i.test(message) ? 'ENOENT' : undefined;
  if (code === 'ENOENT') return ref('source.check.path', {});
  return whatToCheck({ code }, { timeoutMs, maxBytes, maxRedirects: 0 });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`no whole file within ${ms} ms`), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** `after:` on the server, in a session of its own (the download's is closed by then). */
async function afterOnServer(job: Job, after: AfterTaken, remotePath: string, name: string): Promise<void> {
  if (after.kind === 'keep') return;
  const client = await openSftp(job, () => undefined);
  try {
    if (after.kind === 'delete') {
      await client.delete(remotePath);
      return;
    }
    await client.mkdir(after.dir, true);
    let target = posix.join(after.dir, name);
    if ((await client.exists(target)) !== false) {
      target = posix.join(after.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${name}`);
    }
    await client.rename(remotePath, target);
  } finally {
    await client.end().catch(() => undefined);
  }
}
