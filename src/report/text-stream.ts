/**
 * A report file written as text (CSV lines, XLSX XML): the text is gathered into UTF-8 chunks and
 * streamed into an atomic file (files/atomic-write.ts), so a reader never sees half a report.
 */
import { AtomicFileStream } from '../files/atomic-write.ts';
import { Utf8Chunks } from '../xlsx/index.ts';

export class AtomicTextStream {
  private readonly file: AtomicFileStream;
  /** Text gathered before it goes to the file: one stream write per ~256 KB, not per line. */
  private readonly pending = new Utf8Chunks();

  constructor(readonly target: string) {
    this.file = new AtomicFileStream(target);
  }

  /**
   * Queues text or bytes. Returns a promise only when the caller must wait (a chunk went to the
   * file and it is busy): most lines cost no promise at all.
   */
  write(data: string | Uint8Array): Promise<void> | undefined {
    if (this.file.error) return Promise.reject(this.file.error);
    if (typeof data === 'string') {
      const full = this.pending.add(data);
      return full ? this.file.write(full) : undefined;
    }
    const rest = this.pending.take();
    if (!rest) return this.file.write(data);
    const waiting = this.file.write(rest);
    return waiting ? waiting.then(() => this.file.write(data)) : this.file.write(data);
  }

  /** Writes what is gathered and puts the file in place; on failure the temp file is removed. */
  async commit(): Promise<void> {
    try {
      const rest = this.pending.take();
      if (rest) await this.file.write(rest);
    } catch (error) {
      await this.file.abort();
      throw error;
    }
    await this.file.commit();
  }

  abort(): Promise<void> {
    return this.file.abort();
  }
}
