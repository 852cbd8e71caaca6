/**
 * The shared strings table past its in-memory budget waits in a temporary file
 * (src/xlsx/read/string-table.ts). A workbook must read exactly the same whichever way its strings
 * are kept, and the file must not outlive the reading.
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { StringTableBuilder } from '../../src/xlsx/read/string-table.ts';
import { readAll } from '../sheet-read/helpers.ts';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** Every XLSX fixture the reading tests use, from our writer and from independent ones. */
const workbooks = ['read', 'fidelity'].flatMap((dir) =>
  readdirSync(join(fixtures, dir))
    .filter((name) => name.endsWith('.xlsx'))
    .map((name) => join(fixtures, dir, name)),
);

/** What a reader gives for a file: its rows, or the error it fails with. */
async function outcome(file: string, inMemoryChars?: number): Promise<unknown> {
  try {
    const limits = inMemoryChars === undefined ? {} : { sharedStringsInMemoryChars: inMemoryChars };
    const { reader, rows } = await readAll(file, { limits });
    return { headers: reader.headers, rows };
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { code, message };
  }
}

/** This process's open files that are in a shared-strings temporary directory (Linux). */
function openTableFiles(): string[] {
  return readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.includes('catalog-sync-strings-'));
}

describe('shared strings kept in a temporary file', () => {
  it.each(workbooks.map((file) => [file.slice(fixtures.length + 1), file]))(
    '%s reads the same with all or some of its strings in the file',
    async (_name, file) => {
      const inMemory = await outcome(file);
      expect(await outcome(file, 0)).toEqual(inMemory);
      expect(await outcome(file, 3)).toEqual(inMemory);
    },
  );

  it('gives back every string exactly, in any order: Arabic, emoji, a lone surrogate, empty, longer than a block', () => {
    const strings = [
      'head',
      'ملابس رجالية',
      '',
      'shirt 👕 and lamp 💡',
      '\uD800 alone',
      'x'.repeat(700_000), // 1.4 MB as UTF-16: longer than a read block
      ...Array.from({ length: 5_000 }, (_, i) => `Product ${i} — منتج رقم ${i}`),
      'tail',
    ];
    const builder = new StringTableBuilder(4); // 'head' stays in memory, the rest goes to the file
    for (const text of strings) builder.add(text);
    const table = builder.finish();
    try {
      expect(table.length).toBe(strings.length);
      const forward = strings.map((_, i) => table.get(i));
      expect(forward).toEqual(strings);
      const backward = strings.map((_, i) => table.get(strings.length - 1 - i)).reverse();
      expect(backward).toEqual(strings);
      const scattered = [7, 5_000, 3, 2_500, 5, 0, strings.length - 1, 6];
      expect(scattered.map((i) => table.get(i))).toEqual(scattered.map((i) => strings[i]));
      expect([table.get(-1), table.get(1.5), table.get(strings.length)]).toEqual([undefined, undefined, undefined]);
    } finally {
      table.close();
      table.close();
    }
  });

  it.runIf(process.platform === 'linux')(
    'leaves no file behind: removed from its directory at once, closed with the table',
    () => {
      const before = openTableFiles().length;
      const builder = new StringTableBuilder(0);
      builder.add('شاي أخضر');
      const table = builder.finish();
      const open = openTableFiles();
      expect(open).toHaveLength(before + 1);
      // Already gone from the directory: a killed process leaves nothing in the temporary directory.
      expect(open.every((target) => target.endsWith(' (deleted)'))).toBe(true);
      expect(table.get(0)).toBe('شاي أخضر');
      table.close();
      expect(openTableFiles()).toHaveLength(before);
    },
  );
});
