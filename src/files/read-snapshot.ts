/**
 * A file read in more than one go (a check pass, then the rows) must be the same file on every
 * go: a sheet saved again, or still being copied, while it is read would otherwise send rows
 * that were never checked. What identifies "the same file": the inode the path names, its size,
 * and its modification and change times (in nanoseconds). Any difference means it changed.
 */
import { stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import type { FileHandle } from 'node:fs/promises';
import type { BigIntStats } from 'node:fs';

export interface FileSnapshot {
  dev: bigint;
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
}

const snapshotOf = (stats: BigIntStats): FileSnapshot => ({
  dev: stats.dev,
  ino: stats.ino,
  size: stats.size,
  mtimeNs: stats.mtimeNs,
  ctimeNs: stats.ctimeNs,
});

/** What the open handle is, now. */
export async function snapshotOfHandle(handle: FileHandle): Promise<FileSnapshot> {
  return snapshotOf(await handle.stat({ bigint: true }));
}

/** What the path names now; null when nothing is there any more. */
export async function snapshotOfPath(path: string): Promise<FileSnapshot | null> {
  try {
    return snapshotOf(await stat(path, { bigint: true }));
  } catch {
    return null;
  }
}

export function sameSnapshot(a: FileSnapshot, b: FileSnapshot | null): boolean {
  return (
    b !== null &&
    a.dev === b.dev &&
    a.ino === b.ino &&
    a.size === b.size &&
    a.mtimeNs === b.mtimeNs &&
    a.ctimeNs === b.ctimeNs
  );
}

/**
 * The file's bytes passed on only while the path still names the file as first seen: each chunk
 * was read before the check that lets it through, so no byte written after a change goes on,
 * however far ahead of its consumer the stream reads. One stat per chunk (64 KB).
 */
export function unchangedBytes(path: string, snapshot: FileSnapshot, changed: () => Error): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      snapshotOfPath(path).then(
        (now) => (sameSnapshot(snapshot, now) ? callback(null, chunk) : callback(changed())),
        (error: Error) => callback(error),
      );
    },
  });
}

/** The one sentence every reader uses for it, without the file's name (the caller adds it). */
export const CHANGED_WHILE_READ =
  'the file changed while it was being read (saved again, or still being copied): read it again once it is complete';
