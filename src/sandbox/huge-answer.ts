/**
 * An answer far larger than any the reference shows (a proxy's error page, a runaway listing),
 * streamed in fixed chunks with back-pressure so the sandbox itself never holds it: only the
 * client under test may grow with it. Sent chunked, without a length, as such answers usually are.
 */
import type { ServerResponse } from 'node:http';

export const DEFAULT_HUGE_ANSWER_BYTES = 100 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);

/** Streams `bytes` bytes (a JSON string padded with spaces); stops early when the client leaves. */
export async function streamHugeAnswer(res: ServerResponse, status: number, bytes: number): Promise<void> {
  const head = Buffer.from('{"status":true,"message":"');
  const tail = Buffer.from('"}');
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  let left = Math.max(0, bytes - head.length - tail.length);
  if (!res.write(head)) await drained(res);
  while (left > 0 && !res.destroyed) {
    const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
    left -= chunk.length;
    if (!res.write(chunk)) await drained(res);
  }
  if (!res.destroyed) res.end(tail);
}

/** Resolves when the socket takes more, or when it closed (the loop then sees `destroyed`). */
function drained(res: ServerResponse): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
