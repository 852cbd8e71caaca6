/**
 * The drop folder's sub-folders, made and checked when `watch` starts. A folder the watcher
 * cannot write (a root-owned `./drop` mounted into an image that runs as uid 1000, a read-only
 * share) would otherwise fail on the first file with a stack trace, and a restart policy turns
 * that into a crash loop: it is one clear message and exit code 2 at start instead.
 */
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import type { DropLayout } from './drop-layout.ts';

export class DropFolderError extends Error {
  override readonly name = 'DropFolderError';
}

function who(): string {
  return typeof process.getuid === 'function' ? ` (this process runs as uid ${process.getuid()})` : '';
}

/** Makes inbox/, processing/, done/, failed/ and .locks/; throws DropFolderError naming the first it cannot write. */
export async function prepareDropFolders(layout: DropLayout): Promise<void> {
  for (const dir of [layout.inbox, layout.processing, layout.done, layout.failed, layout.locks]) {
    try {
      await mkdir(dir, { recursive: true });
      // Files are renamed in and out and reports written beside them: the folder must take writes.
      await access(dir, constants.W_OK | constants.X_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new DropFolderError(
        `drop folder ${layout.root}: cannot write ${dir} (${code})${who()}. Make the folder writable by this user (Docker: chown it to the image's user, uid 1000, e.g. sudo chown -R 1000:1000 ${layout.root}), or name another with --dir or DROP_DIR`,
        { cause: error },
      );
    }
  }
}
