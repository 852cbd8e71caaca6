/**
 * A file the drop folder cannot read goes to failed/ with `<name>.error.txt` saying why in the
 * watcher's language: Arabic for a watcher run with --lang ar, the file's name as dropped.
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropLayout, type DropLayout } from '../../src/intake/drop-layout.ts';
import { DropWatcher, type DropEvent } from '../../src/intake/drop-watcher.ts';
import { fixture } from '../sheet-read/helpers.ts';
import { createCount, dropWatcherBase, startWorld, waitFor, type World } from './helpers.ts';

let world: World;
let layout: DropLayout;
let watcher: DropWatcher | null = null;
const listeners: ((e: DropEvent) => void)[] = [];

beforeEach(async () => {
  world = await startWorld();
  layout = dropLayout(join(world.dir, 'drop'));
});

afterEach(async () => {
  listeners.splice(0);
  await watcher?.close(1_000);
  watcher = null;
  await world.close();
});

type Finished = Extract<DropEvent, { type: 'finished' }>;

describe('the drop folder, in Arabic', () => {
  it('writes a legacy .xls file’s error.txt in Arabic, naming the file as dropped', async () => {
    const ledger = await world.openLedger();
    await mkdir(layout.inbox, { recursive: true });
    watcher = new DropWatcher({
      ...dropWatcherBase(world, layout, ledger),
      lang: 'ar',
      settleMs: 300,
      pollMs: 50,
      onEvent: (e) => listeners.forEach((l) => l(e)),
    });
    const done = waitFor(
      (l: (e: DropEvent) => void) => listeners.push(l),
      (e: DropEvent): e is Finished => e.type === 'finished' && e.file === 'قديم.xls',
    );
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
