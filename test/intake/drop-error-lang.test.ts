/**
 * A file the drop folder cannot read goes to failed/ with `<name>.error.txt` saying why in the
 * watcher's language: Arabic for a watcher run with --lang ar, the file's name as dropped.
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropLayout } from '../../src/intake/drop-layout.ts';
import { useWorld } from '../helpers/use-world.ts';
import { fixture } from '../sheet-read/helpers.ts';
import { createCount, finishedFile, startWorld, waitFor, watchDrop } from './helpers.ts';

const world = useWorld(startWorld);

describe('the drop folder, in Arabic', () => {
  it('writes a legacy .xls file’s error.txt in Arabic, naming the file as dropped', async () => {
    const layout = dropLayout(join(world.dir, 'drop'));
    await mkdir(layout.inbox, { recursive: true });
    const { watcher, events } = watchDrop(world, layout, await world.openLedger(), {
      lang: 'ar',
      settleMs: 300,
      pollMs: 50,
    });
    const done = waitFor(events, finishedFile('قديم.xls'));
    await watcher.start();
    await copyFile(fixture('legacy.xls'), join(layout.inbox, 'قديم.xls'));
    const event = await done;
    expect(event.result.status).toBe('failed');
    const text = await readFile(join(layout.failed, `${event.claimed}.error.txt`), 'utf8');
    expect(text).toMatch(
      /^قديم\.xls: .*قديم\.xls: هذا ملف \.xls بالصيغة القديمة \(أو مصنّف محمي بكلمة مرور\)؛ افتحه في Excel واحفظه بصيغة \.xlsx أو CSV\n\(code legacy_xls\)\n$/,
    );
    expect(createCount(world.sandbox)).toBe(0);
  });
});
