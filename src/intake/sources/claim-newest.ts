/**
 * A folder's newest new file (folder.ts chooseNewest), claimed for this run in the job's state, so
 * two machines running the same schedule never take the same file: the one that does not get the
 * claim takes nothing this time (never an older file: a late sync must not undo a newer one).
 */
import { chooseNewest, type Claimed, type FolderFile } from './folder.ts';
import type { JobRef, JobStateStore } from './job-state.ts';

export async function claimNewest(
  state: JobStateStore,
  job: JobRef,
  files: readonly FolderFile[],
  matches: (name: string) => boolean,
): Promise<Claimed> {
  const chosen = chooseNewest(files, (await state.read(job)).taken ?? [], matches);
  if (chosen === null) return { kind: 'none' };
  if (!(await state.claim(job, chosen))) return { kind: 'busy', file: chosen };
  // A run that took it may have recorded it and let go just before our claim: look again, holding it.
  if (chooseNewest([chosen], (await state.read(job)).taken ?? [], matches) === null) {
    await state.release(job, chosen);
    return { kind: 'none' };
  }
  return { kind: 'claimed', file: chosen };
}

/** What a run that found the newest file claimed says. */
export const busyMessage = (file: FolderFile): string => `${file.name} is being taken by another run`;
