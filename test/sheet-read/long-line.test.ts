/**
 * A CSV with a line longer than the limit (16 MiB): refused at once, the message naming the limit
 * and the row, never "a quoted field ... is never closed". The files are generated here, a little
 * over the limit (the was 100 MB on one line; the size past the limit changes nothing).
 */
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_RECORD_BYTES } from '../../src/sheet/read/csv-reader.ts';
import { refusals, validateError } from '../intake/cli.ts';
import { useTempDir } from '../helpers/use-world.ts';

const scratch = useTempDir('long-line', { once: true });

/** `head`, then cells `abc,12.5,` repeated past the limit, with no line break. */
async function oneLongLine(name: string, head: string): Promise<string> {
  const path = join(scratch.dir, name);
  const file = await open(path, 'w');
  try {
    await file.write(head);
    const block = Buffer.from('abc,12.5,'.repeat(100_000));
    for (let written = 0; written <= MAX_RECORD_BYTES; written += block.length) await file.write(block);
  } finally {
    await file.close();
  }
  return path;
}

const limit =
  'a line is longer than 16 MiB (16,777,216 bytes), the most one line may hold: a file without line breaks, or not a CSV?';

describe('a line past the limit', () => {
  it('a file on one line: validate and import exit 2 at once, naming the limit', async () => {
    const file = await oneLongLine('one-line.csv', 'title,sale_price,');
    for (const said of await refusals(file, scratch.dir)) {
      expect(said).toContain(`cannot read sheet: ${file}: cannot read CSV near row 1: ${limit}\n`);
    }
  });

  it('a long line under a good header: the row is named', async () => {
    const file = await oneLongLine('long-row.csv', 'title,sale_price\r\nMug,5\r\n');
    expect(await validateError(file, scratch.dir)).toMatchObject({
      exitCode: 2,
      code: 'line_too_long',
      message: `cannot read sheet: ${file}: cannot read CSV near row 3: ${limit}`,
    });
  });
});
