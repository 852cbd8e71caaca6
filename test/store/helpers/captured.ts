/** A stream that keeps what is written to it: a CLI run's stdout or stderr, read when it has ended. */
import { PassThrough } from 'node:stream';

export function captured(): { stream: PassThrough; text(): string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}
