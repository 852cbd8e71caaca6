/**
 * A folder source with `pattern:`: the newest matching file not taken before, and never one older
 * than the last taken (a late file from an earlier day must not undo a newer sync). A file whose
 * size or modification time changes between two looks is still being written and is not taken yet.
 * The choice is pure; pickFromFolder does the looking.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TakenFile } from './job-state.ts';

export type FolderFile = TakenFile;

export function chooseNewest(
  files: readonly FolderFile[],
  taken: readonly TakenFile[],
  matches: (name: string) => boolean,
): FolderFile | null {
  const last = taken.at(-1);
  const isTaken = (f: FolderFile) =>
    taken.some((t) => t.name === f.name && t.bytes === f.bytes && t.mtimeMs === f.mtimeMs);
  // Newer than the last taken, in the order the choice sorts by: time, then name (an object store's
  // whole-second times tie often).
  const afterLast = (f: FolderFile) =>
    last === undefined || f.mtimeMs > last.mtimeMs || (f.mtimeMs === last.mtimeMs && f.name > last.name);
  const eligible = files.filter((f) => matches(f.name) && !isTaken(f) && afterLast(f));
  eligible.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
  return eligible[0] ?? null;
}

export function stillWriting(first: FolderFile, second: FolderFile | null): boolean {
  return second === null || second.bytes !== first.bytes || second.mtimeMs !== first.mtimeMs;
}

/** A newest new file, claimed for this run (claim-newest.ts), or none, or one another run holds. */
export type Claimed = { kind: 'none' } | { kind: 'busy'; file: FolderFile } | { kind: 'claimed'; file: FolderFile };

export type FolderChoice =
  | { kind: 'none' }
  | { kind: 'busy'; file: FolderFile }
  | { kind: 'growing'; file: FolderFile }
  | { kind: 'picked'; file: FolderFile; path: string };

async function look(dir: string, name: string): Promise<FolderFile | null> {
  try {
    const s = await stat(join(dir, name));
    return s.isFile() ? { name, bytes: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

/**
 * Looks at `dir`, chooses (`choose`: chooseNewest among the files not taken, and claims it:
 * claim-newest.ts), waits for `settle` (the time a writer gets between the two looks; a
 * test passes an event), and looks at the chosen file again.
 */
export async function pickFromFolder(
  dir: string,
  matches: (name: string) => boolean,
  choose: (files: readonly FolderFile[]) => Promise<Claimed>,
  settle: () => Promise<void>,
): Promise<FolderChoice> {
  const files: FolderFile[] = [];
  // Dot files are a writer's temp files (rsync, browsers) until renamed.
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.') || !matches(entry.name)) continue;
    const file = await look(dir, entry.name);
    if (file) files.push(file);
  }
  const claimed = await choose(files);
  if (claimed.kind !== 'claimed') return claimed;
  const chosen = claimed.file;
  await settle();
  const again = await look(dir, chosen.name);
  if (stillWriting(chosen, again)) return { kind: 'growing', file: again ?? chosen };
  return { kind: 'picked', file: chosen, path: join(dir, chosen.name) };
}
