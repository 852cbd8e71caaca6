/** A stream that says it is a terminal (isTTY, 160 columns), keeping all that is written to it. */
import { Writable } from 'node:stream';

export interface FakeTerminal {
  stream: Writable & { isTTY: boolean; columns: number };
  text: () => string;
}

export function fakeTerminal(): FakeTerminal {
  let text = '';
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer, _enc, done) {
        text += chunk.toString();
        done();
      },
    }),
    { isTTY: true, columns: 160 },
  );
  return { stream, text: () => text };
}
