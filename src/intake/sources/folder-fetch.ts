/**
 * A job's folder source with `pattern:`: the chosen file (folder.ts) copied into a temp file, so a
 * writer touching the original mid-run cannot change what is read; once the batches are reported,
 * `after:` applies to the original and it is remembered as taken.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { ref, said } from '../../messages/index.ts';
import { SheetFileError } from '../../sheet/types.ts';
import type { JobDefinition } from '../job-file.ts';
import { applyAfter } from './after-taken.ts';
import type { FetchedSource, FetchLimits } from './fetched.ts';
import { pickFromFolder, type FolderChoice } from './folder.ts';
import { globTest } from './glob.ts';
import { busyMessage, claimNewest } from './claim-newest.ts';
import { fileJobState, type JobStateStore } from './job-state.ts';

/** Long enough for a copy over a LAN share to show it is still growing. */
const SETTLE_MS = 2_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type FolderJob = Pick<JobDefinition, 'name' | 'file' | 'source' | 'after'> & { pattern: string };

export async function fetchFromFolder(
  job: FolderJob,
  limits: FetchLimits,
  state: JobStateStore = fileJobState,
): Promise<FetchedSource> {
  const matches = globTest(job.pattern);
  let choice: FolderChoice;
  try {
    choice = await pickFromFolder(
      job.source,
      matches,
      (files) => claimNewest(state, job, files, matches),
      limits.settle ?? (() => wait(SETTLE_MS)),
    );
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new SheetFileError(
      job.source,
      'download_failed',
      said('source.download_failed', { job: job.name, reason, check: ref('source.check.folder', {}) }),
    );
  }
  if (choice.kind === 'none') return { kind: 'nothing', message: `no new file matching ${job.pattern}` };
  if (choice.kind === 'busy') return { kind: 'nothing', message: busyMessage(choice.file) };
  if (choice.kind === 'growing') {
    await state.release(job, choice.file);
    return { kind: 'nothing', message: `${choice.file.name} is still being written: it is taken on a later run` };
  }
  const { file, path: original } = choice;
  const dir = await mkdtemp(join(tmpdir(), 'catalog-sync-source-'));
  const path = join(dir, `source${extname(file.name) || '.csv'}`);
  try {
    await copyFile(original, path);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    await state.release(job, file);
    throw error;
  }
  return {
    kind: 'sheet',
    path,
    from: original,
    download: { at: new Date().toISOString(), bytes: file.bytes, file: file.name, where: job.source },
    finish: async () => {
      await state.recordTaken(job, file);
      await applyAfter(job.after ?? { kind: 'keep' }, original, file.name, new Date());
    },
    // Recorded as taken (or failed, to be tried again): another run may now look at it.
    cleanup: async () => {
      await rm(dir, { recursive: true, force: true });
      await state.release(job, file);
    },
  };
}
