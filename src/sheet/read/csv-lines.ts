/**
 * The longest line a CSV may have, checked on its bytes before the parser sees them: a file
 * without line breaks (a 100 MB "CSV" on one line) is refused in milliseconds, naming the limit,
 * instead of after csv-parse has searched every byte of it for a record delimiter (seconds per
 * MB) and then blamed a quote. A quoted cell may still hold line breaks: csv-parse's own record
 * limit (max_record_size) stops a quote that is never closed.
 */
import type { FileHandle } from 'node:fs/promises';
import { Transform } from 'node:stream';

const LF = 0x0a;
const CR = 0x0d;
const SCAN_BYTES = 1024 * 1024;

/** `limit` in words for messages: "16 MiB (16,777,216 bytes)". */
export function limitText(limit: number): string {
  return `${limit / (1024 * 1024)} MiB (${new Intl.NumberFormat('en-US').format(limit)} bytes)`;
}

export class LineTooLongError extends Error {
  readonly code = 'LINE_TOO_LONG';
  constructor(readonly limit: number) {
    super(
      `a line is longer than ${limitText(limit)}, the most one line may hold: a file without line breaks, or not a CSV?`,
    );
  }
}

function lastBreak(bytes: Uint8Array): number {
  return Math.max(bytes.lastIndexOf(LF), bytes.lastIndexOf(CR));
}

/** Whether the file's first line is longer than `limit` bytes: no line break in its first limit + 1 bytes. */
export async function firstLineTooLong(handle: FileHandle, head: Buffer, limit: number): Promise<boolean> {
  if (lastBreak(head) !== -1) return false;
  const buffer = Buffer.alloc(SCAN_BYTES);
  for (let position = head.length; position <= limit;) {
    const { bytesRead } = await handle.read(buffer, 0, SCAN_BYTES, position);
    if (bytesRead === 0) return false; // the file ends first: one short line
    if (lastBreak(buffer.subarray(0, bytesRead)) !== -1) return false;
    position += bytesRead;
  }
  return true;
}

/** Passes the bytes on while no line is longer than `limit`; fails with LineTooLongError before a longer one goes on. */
export function lineLengthGuard(limit: number): Transform {
  let sinceBreak = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const at = lastBreak(chunk);
      // A line break only in a later chunk: the whole chunk adds to the current line.
      const length =
        at === -1 ? sinceBreak + chunk.length : Math.max(sinceBreak + firstBreak(chunk), chunk.length - at - 1);
      if (length > limit) return callback(new LineTooLongError(limit));
      sinceBreak = at === -1 ? sinceBreak + chunk.length : chunk.length - at - 1;
      callback(null, chunk);
    },
  });
}

function firstBreak(bytes: Uint8Array): number {
  const lf = bytes.indexOf(LF);
  const cr = bytes.indexOf(CR);
  return lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
}
