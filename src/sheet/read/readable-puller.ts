/**
 * Pulls objects from a Readable without a promise per object: `read()` takes what is buffered,
 * synchronously; `more()` waits only when the buffer is empty. Node's own async iterator
 * awaits once per object, which costs as much as parsing a short CSV record.
 */
import type { Readable } from 'node:stream';

export class ReadablePuller<T> {
  constructor(private readonly stream: Readable) {}

  /** The next buffered object, or null when none is buffered right now. */
  read(): T | null {
    return this.stream.read() as T | null;
  }

  /** Waits until more may be read: true, or false at the end. Rejects with the stream's error. */
  more(): Promise<boolean> {
    const stream = this.stream;
    if (stream.errored) return Promise.reject(stream.errored);
    if (stream.readableEnded || stream.destroyed) return Promise.resolve(false);
    if (stream.readableLength > 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve, reject) => {
      const settle = (): void => {
        stream.off('readable', onReadable);
        stream.off('end', onEnd);
        stream.off('close', onEnd);
        stream.off('error', onError);
      };
      const onReadable = (): void => {
        settle();
        resolve(true);
      };
      const onEnd = (): void => {
        settle();
        if (stream.errored) reject(stream.errored);
        else resolve(false);
      };
      const onError = (error: Error): void => {
        settle();
        reject(error);
      };
      stream.on('readable', onReadable);
      stream.on('end', onEnd);
      stream.on('close', onEnd);
      stream.on('error', onError);
    });
  }
}
