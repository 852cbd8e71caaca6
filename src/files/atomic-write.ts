/**
 * Every file we write for someone to open (reports, templates, the issues CSV, drop-folder notes)
 * replaces its target in one step: the content goes to a temp file beside the target (the same
 * directory, so the rename never crosses file systems), is flushed to disk (fsync), and is then
 * renamed over the target. A reader sees the old file or the new one, never half of one; on any
 * failure the temp file is removed and the old file is untouched; a crash leaves at most a temp
 * file (`<target>.<pid>.<random>.tmp`) beside it.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';

/** Unique per process and call, so two writers of one target never share a temp file. */
export function tempPathFor(target: string): string {
  return `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
}

export async function writeFileAtomic(target: string, content: string | Uint8Array): Promise<void> {
  const temp = tempPathFor(target);
  try {
    // `wx`: a temp name that somehow exists is never written through; `flush`: fsync before close.
    await writeFile(temp, content, { flag: 'wx', flush: true });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Bytes streamed into a temp file; `commit` puts it in place, `abort` removes it. */
export class AtomicFileStream {
  private readonly temp: string;
  private readonly stream: WriteStream;
  /** A write error (disk full...) is kept and thrown by the next write/commit, not left uncaught. */
  private failure: Error | null = null;

  /** The write error that broke the file, if one did. */
  get error(): Error | null {
    return this.failure;
  }

  constructor(readonly target: string) {
    this.temp = tempPathFor(target);
    this.stream = createWriteStream(this.temp, { flags: 'wx', flush: true });
    this.stream.on('error', (error) => {
      this.failure ??= error;
    });
  }

  /** Returns a promise only when the caller must wait (the stream's buffer is full). */
  write(bytes: Uint8Array): Promise<void> | undefined {
    if (this.failure) return Promise.reject(this.failure);
    return this.stream.write(bytes) ? undefined : this.settled('drain');
  }

  /** Flushes to disk and renames over the target; on failure the temp file is removed. */
  async commit(): Promise<void> {
    try {
      if (this.failure) throw this.failure;
      this.stream.end();
      // Rejects with the write error, if one closed the stream.
      await this.settled('close');
      await rename(this.temp, this.target);
    } catch (error) {
      await this.abort();
      throw error;
    }
  }

  async abort(): Promise<void> {
    this.stream.destroy();
    await this.closed();
    await rm(this.temp, { force: true });
  }

  /** The file descriptor is closed (after an error too): only then may the temp file go. */
  private closed(): Promise<void> {
    if (this.stream.closed) return Promise.resolve();
    return new Promise((resolve) => this.stream.once('close', () => resolve()));
  }

  /** Waits for `event` or the stream's close (an error closes it), without leaving listeners behind. */
  private settled(event: 'drain' | 'close'): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.stream.closed) {
        if (this.failure) reject(this.failure);
        else resolve();
        return;
      }
      const done = (): void => {
        this.stream.off(event, done);
        this.stream.off('close', done);
        if (this.failure) reject(this.failure);
        else resolve();
      };
      this.stream.on(event, done);
      this.stream.on('close', done);
    });
  }
}
