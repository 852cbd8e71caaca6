/**
 * What becomes of a folder file once its batch is reported (`after:` in the job file): kept where
 * it is, deleted, or moved into a folder. Never before: a run that failed leaves the file for the
 * next one.
 */
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

export type AfterTaken = { kind: 'keep' } | { kind: 'delete' } | { kind: 'move'; dir: string };

/** Pure: `keep`, `delete` or `move <dir>` (dir resolved by `resolveDir`); null when it is neither. */
export function parseAfter(text: string, resolveDir: (dir: string) => string): AfterTaken | null {
  const t = text.trim();
  if (t === 'keep') return { kind: 'keep' };
  if (t === 'delete') return { kind: 'delete' };
  const move = /^move\s+(.+)$/.exec(t);
  return move ? { kind: 'move', dir: resolveDir(move[1]!.trim()) } : null;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Applies `after` to `path` (a file named `name`); a moved file never overwrites one already there. */
export async function applyAfter(after: AfterTaken, path: string, name: string, now: Date): Promise<void> {
  if (after.kind === 'keep') return;
  if (after.kind === 'delete') return rm(path, { force: true });
  await mkdir(after.dir, { recursive: true });
  let target = join(after.dir, name);
  if (await exists(target)) target = join(after.dir, `${now.toISOString().replace(/[:.]/g, '-')}-${name}`);
  try {
    await rename(path, target);
  } catch (error) {
    // Another file system: copy, then remove the original.
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(path, target);
    await rm(path, { force: true });
  }
}
