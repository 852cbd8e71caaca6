/**
 * Files written atomically: content goes to a temp file beside the target, then a rename puts
 * it in place, so a reader never sees half a report and a crash leaves only a temp file.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Utf8Chunks } from './utf8-chunks.ts';

export function tempPathFor(target: string): string {
  return `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
}

/**
 * Removes the temp files this process left in `dir` (all its threads share the pid). For when
 * the writer that knew their names is gone (the report thread died).
 */
export async function removeTempFiles(dir: string): Promise<void> {
  const mine = new RegExp(`\\.${process.pid}\\.[0-9a-f]{8}\\.tmp$`);
  const names = await readdir(dir).catch(() => []);
  await Promise.all(names.filter((name) => mine.test(name)).map((name) => rm(join(dir, name), { force: true })));
}

export async function writeFileAtomic(target: string, content: string | Buffer): Promise<void> {
  const temp = tempPathFor(target);
  try {
    await writeFile(temp, content);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** A text (or byte) stream into a temp file; `commit` renames it into place, `abort` removes it. */
export class AtomicTextStream {
  private readonly temp: string;
  private readonly stream: WriteStream;
  /** A write error (disk full...) is kept and thrown by the next write/commit, not left uncaught. */
  private failure: Error | null = null;
  /** Text gathered before it goes to the file: one stream write per ~256 KB, not per line. */
  private readonly pending = new Utf8Chunks();

  constructor(readonly target: string) {
    this.temp = tempPathFor(target);
    this.stream = createWriteStream(this.temp);
    this.stream.on('error', (error) => {
      this.failure ??= error;
    });
  }

  /**
   * Queues text or bytes. Returns a promise only when the caller must wait (a chunk went to the
   * file and it is busy): most lines cost no promise at all.
   */
  write(data: string | Uint8Array): Promise<void> | undefined {
    if (this.failure) return Promise.reject(this.failure);
    if (typeof data === 'string') {
      const full = this.pending.add(data);
      return full ? this.put(full) : undefined;
    }
    return this.flush().then(() => this.put(data));
  }

  async commit(): Promise<void> {
    if (this.failure) throw this.failure;
    await this.flush();
    this.stream.end();
    await this.settled('finish');
    await rename(this.temp, this.target);
  }

  async abort(): Promise<void> {
    this.stream.destroy();
    await rm(this.temp, { force: true });
  }

  private async flush(): Promise<void> {
    const rest = this.pending.take();
    if (rest) await this.put(rest);
  }

  private async put(bytes: Uint8Array): Promise<void> {
    if (!this.stream.write(bytes)) await this.settled('drain');
  }

  /** Waits for `event` or the stream's end (an error closes it), without leaving listeners behind. */
  private settled(event: 'drain' | 'finish'): Promise<void> {
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
