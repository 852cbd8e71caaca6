/**
 * Files that must be regular files (a sheet, a file in the drop folder): anything else is refused
 * at once, before it can block. A FIFO opened for reading waits for a writer forever and holds one
 * of libuv's few file-system threads while it does, so every other file waits too. The path is
 * looked at first (stat, no open), then opened non-blocking and the open handle itself checked
 * (fstat): something swapped in between the two is still refused, never read.
 */
import { constants, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';

export class NotRegularFileError extends Error {
  override readonly name = 'NotRegularFileError';
  readonly code = 'not_a_file';
  constructor(
    readonly path: string,
    /** What it is instead, in words: `a named pipe (FIFO)`, `a folder`, ... */
    readonly kind: string,
  ) {
    super(`this is ${kind}, not a file: only regular files are read`);
  }
}

/** What a non-regular file is, in words; null for a regular file. */
export function specialKind(
  stats: Pick<Stats, 'isFile' | 'isDirectory' | 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice'>,
): string | null {
  if (stats.isFile()) return null;
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'a special file';
}

/** Throws NotRegularFileError when `path` (followed if a link) is anything but a regular file. */
export async function assertRegularFile(path: string): Promise<void> {
  const kind = specialKind(await stat(path));
  if (kind !== null) throw new NotRegularFileError(path, kind);
}

// Non-blocking: opening a FIFO does not wait for a writer; a regular file reads as usual.
// No controlling terminal: a terminal device never becomes this process's.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** Opens a regular file for reading; anything else is refused (NotRegularFileError) without blocking. */
export async function openRegularFile(path: string): Promise<FileHandle> {
  await assertRegularFile(path);
  const handle = await open(path, READ_FLAGS);
  let kind: string | null;
  try {
    kind = specialKind(await handle.stat());
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (kind === null) return handle;
  await handle.close();
  throw new NotRegularFileError(path, kind);
}
