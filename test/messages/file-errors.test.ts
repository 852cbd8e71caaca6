/**
 * Every file error has its words in both languages: no site in src/ hands SheetFileError a bare
 * English string, and texts the readers share with other modules stay word for word the same.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CHANGED_WHILE_READ } from '../../src/files/read-snapshot.ts';
import { messageText, said } from '../../src/messages/index.ts';
import { SheetFileError } from '../../src/sheet/types.ts';
import { SRC, sourceFiles } from './source-files.ts';

describe('sheet file errors', () => {
  it('are built from the catalogue everywhere in src/ (no English string as the detail)', async () => {
    const bare: string[] = [];
    for (const file of await sourceFiles(SRC)) {
      const text = await readFile(file, 'utf8');
      // new SheetFileError(file, code, <detail>: a quote or backtick there is an English text.
      for (const m of text.matchAll(/new SheetFileError\(\s*[^,()]+,\s*[^,()]+,\s*([`'"])/g))
        bare.push(`${file.slice(SRC.length)}: ${m[0]}`);
    }
    expect(bare).toEqual([]);
  });

  it('say "the file changed" as the XLSX library and the snapshot check do', () => {
    expect(messageText('file.changed', {}, 'en')).toBe(CHANGED_WHILE_READ);
  });

  it('keep a detail without a key as written in every language, and name the file as asked', () => {
    const plain = new SheetFileError('/tmp/u-1/a.csv', 'x', 'something new');
    expect(plain.message).toBe('/tmp/u-1/a.csv: something new');
    expect(plain.textIn('ar')).toBe('/tmp/u-1/a.csv: something new');
    const keyed = new SheetFileError('/tmp/u-1/a.csv', 'empty_file', said('file.empty', {}));
    expect(keyed.message).toBe('/tmp/u-1/a.csv: the file is empty');
    expect(keyed.textIn('ar', 'منتجات.csv')).toBe('منتجات.csv: الملف فارغ');
  });
});
