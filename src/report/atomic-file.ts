/**
 * Files written atomically: content goes to a temp file beside the target, then a rename puts
 * it in place, so a reader never sees half a report and a crash leaves only a temp file.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';

export function tempPathFor(target: string): string {
  return `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
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

/** A text stream into a temp file; `commit` renames it into place, `abort` removes it. */
export class AtomicTextStream {
  private readonly temp: string;
  private readonly stream: WriteStream;

  constructor(readonly target: string) {
    this.temp = tempPathFor(target);
    this.stream = createWriteStream(this.temp);
  }

  async write(text: string): Promise<void> {
    if (!this.stream.write(text)) await once(this.stream, 'drain');
  }

  async commit(): Promise<void> {
    this.stream.end();
    await once(this.stream, 'finish');
    await rename(this.temp, this.target);
  }

  async abort(): Promise<void> {
    this.stream.destroy();
    await rm(this.temp, { force: true });
  }
}
