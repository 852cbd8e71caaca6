/** One atomic write: the target is replaced whole or not at all, and no temp file is left behind. */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AtomicFileStream, tempPathFor, writeFileAtomic } from '../../src/files/atomic-write.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('atomic');

const bytes = (text: string): Uint8Array => Buffer.from(text, 'utf8');

describe('tempPathFor', () => {
  it('names a fresh file beside the target, so the rename stays on one file system', () => {
    const target = join(tmp.dir, 'results.csv');
    const a = tempPathFor(target);
    expect(dirname(a)).toBe(tmp.dir);
    expect(a).toMatch(/results\.csv\.\d+\.[0-9a-f]{8}\.tmp$/);
    expect(tempPathFor(target)).not.toBe(a);
  });
});

describe('writeFileAtomic', () => {
  it('replaces the old file whole and leaves only the target', async () => {
    const target = join(tmp.dir, 'summary.json');
    await writeFile(target, 'old');
    await writeFileAtomic(target, 'new');
    expect(await readFile(target, 'utf8')).toBe('new');
    expect(await readdir(tmp.dir)).toEqual(['summary.json']);
  });

  it('on failure removes its temp file and leaves what was there untouched', async () => {
    // A rename over a non-empty directory fails after the temp file was written.
    const target = join(tmp.dir, 'taken');
    await mkdir(target);
    await writeFile(join(target, 'keep.txt'), 'kept');
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow();
    expect(await readdir(tmp.dir)).toEqual(['taken']);
    expect(await readFile(join(target, 'keep.txt'), 'utf8')).toBe('kept');
  });
});

describe('AtomicFileStream', () => {
  it('shows nothing at the target until commit, then the whole content', async () => {
    const target = join(tmp.dir, 'results.csv');
    await writeFile(target, 'old');
    const file = new AtomicFileStream(target);
    await file.write(bytes('a,b\r\n'));
    await file.write(bytes('1,2\r\n'));
    expect(await readFile(target, 'utf8')).toBe('old');
    await file.commit();
    expect(await readFile(target, 'utf8')).toBe('a,b\r\n1,2\r\n');
    expect(await readdir(tmp.dir)).toEqual(['results.csv']);
  });

  it('abort removes the temp file and keeps the old file', async () => {
    const target = join(tmp.dir, 'results.csv');
    await writeFile(target, 'old');
    const file = new AtomicFileStream(target);
    await file.write(bytes('half'));
    await file.abort();
    expect(await readFile(target, 'utf8')).toBe('old');
    expect(await readdir(tmp.dir)).toEqual(['results.csv']);
  });

  it('a file that cannot be written fails commit with the cause and leaves nothing', async () => {
    const target = join(tmp.dir, 'missing', 'results.csv');
    const file = new AtomicFileStream(target);
    await expect(file.commit()).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(tmp.dir)).toEqual([]);
  });

  it('a failed commit removes the temp file and leaves what was there untouched', async () => {
    const target = join(tmp.dir, 'taken');
    await mkdir(target);
    const file = new AtomicFileStream(target);
    await file.write(bytes('x'));
    await expect(file.commit()).rejects.toThrow();
    expect(await readdir(tmp.dir)).toEqual(['taken']);
    expect(await readdir(target)).toEqual([]);
  });
});
