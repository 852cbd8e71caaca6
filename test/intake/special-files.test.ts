/**
 * Anything that is not a regular file (a FIFO made with mkfifo, a socket, a device, a folder named
 * like a sheet) is refused at once: `validate` and `import` exit 2 naming what it is, and the drop
 * folder moves it to failed/ with its reason while every other file goes through. A FIFO opened
 * for reading would wait for a writer forever, holding a file-system thread: nothing may wait on it.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { dropLayout } from '../../src/intake/drop-layout.ts';
import { cli } from '../fidelity/helpers.ts';
import { useWorld } from '../helpers/use-world.ts';
import { refusals, validateError } from './cli.ts';
import { createCount, finishedFile, productCsv, startWorld, waitFor, watchDrop } from './helpers.ts';

const run = promisify(execFile);

/** The intake world with a drop folder's layout in its folder. */
const world = useWorld(async () => {
  const intake = await startWorld();
  return { ...intake, layout: dropLayout(join(intake.dir, 'drop')) };
});

async function mkfifo(path: string): Promise<string> {
  await run('mkfifo', [path]);
  return path;
}

describe('validate and import', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('refuse a FIFO at once, exit 2, naming it (as a sheet or as a column map)', async () => {
    const fifo = await mkfifo(join(world.dir, 'products.csv'));
    for (const said of await refusals(fifo, world.reportDir)) {
      expect(said).toContain(`${fifo}: this is a named pipe (FIFO), not a file: only regular files are read`);
    }
    // A column map given as a FIFO is refused the same way.
    const sheet = join(world.dir, 'sheet.csv');
    await writeFile(sheet, productCsv(['m1']));
    const map = await mkfifo(join(world.dir, 'map.yaml'));
    const result = await cli(['--report-dir', world.reportDir, 'validate', sheet, '--columns', map]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`${map}: cannot read the column map file: this is a named pipe (FIFO)`);
  });

  it('refuse a socket, a device and a folder the same way', async () => {
    const socket = join(world.dir, 'socket.csv');
    server = createServer();
    await new Promise<void>((resolve) => server!.listen(socket, resolve));
    const folder = join(world.dir, 'folder.xlsx');
    await mkdir(folder);
    for (const [file, kind] of [
      [socket, 'a socket'],
      ['/dev/null', 'a device'],
      [folder, 'a folder'],
    ] as const) {
      expect(await validateError(file, world.reportDir)).toMatchObject({
        exitCode: 2,
        kind: 'sheet',
        code: 'not_a_file',
        message: `cannot read sheet: ${file}: this is ${kind}, not a file: only regular files are read`,
      });
    }
  });
});

describe('the drop folder', () => {
  it('moves a FIFO and a folder named like a sheet to failed/, takes the files after them, and closes at once', async () => {
    const { layout } = world;
    await mkdir(layout.inbox, { recursive: true });
    await mkfifo(join(layout.inbox, 'pipe.csv'));
    await mkdir(join(layout.inbox, 'folder.xlsx'));
    await mkdir(join(layout.inbox, 'archive'));
    const timings = { settleMs: 300, pollMs: 50, resumeIntervalMs: 200 };
    const { watcher, events } = watchDrop(world, layout, await world.openLedger(), timings);
    const pipe = waitFor(events, finishedFile('pipe.csv'));
    const folder = waitFor(events, finishedFile('folder.xlsx'));
    const good = waitFor(events, finishedFile('good.csv'));
    await watcher.start();
    await writeFile(join(layout.inbox, 'good.csv'), productCsv(['g1', 'g2']));

    for (const [event, kind] of [
      [await pipe, 'a named pipe (FIFO)'],
      [await folder, 'a folder'],
    ] as const) {
      expect(event.result).toEqual({
        status: 'failed',
        error: `this is ${kind}, not a file: only regular files are read`,
      });
      expect(await readFile(join(layout.failed, `${event.claimed}.error.txt`), 'utf8')).toBe(
        `${event.file}: this is ${kind}, not a file: only regular files are read\n(code not_a_file)\n`,
      );
    }
    const goodEvent = await good;
    expect(goodEvent.result.status === 'done' && goodEvent.result.report.counts?.created).toBe(2);
    expect(createCount(world.sandbox)).toBe(2);
    const failed = await readdir(layout.failed);
    expect(
      failed
        .filter((name) => !name.endsWith('.error.txt'))
        .map((name) => name.split('--')[1])
        .sort(),
    ).toEqual(['folder.xlsx', 'pipe.csv']);
    // A folder not named like a sheet is somebody's: left where it is.
    expect(await readdir(layout.inbox)).toEqual(['archive']);
    // Nothing waits on the FIFO: the watcher stops as soon as it is asked to (SIGTERM's path).
    await watcher.close(1_000);
  });
});
