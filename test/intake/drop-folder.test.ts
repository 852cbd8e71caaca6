import { appendFile, copyFile, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, silentLogger, type Logger } from '../../src/log.ts';
import { FileClaims, RedisClaims, type ClaimStore } from '../../src/intake/claims.ts';
import type { DropReport } from '../../src/intake/drop-file.ts';
import { claimedName, claimToken, dropLayout, type DropLayout } from '../../src/intake/drop-layout.ts';
import { DropWatcher, type DropEvent } from '../../src/intake/drop-watcher.ts';
import type { FileLedger } from '../../src/ledger/file-store.ts';
import { createCount, finishedFile, productCsv, startWorld, waitFor, type World } from './helpers.ts';
import { writeBrokenSheet } from '../sync/helpers/broken-sheet.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

let world: World;
let layout: DropLayout;
const watchers: DropWatcher[] = [];
const listeners: ((e: DropEvent) => void)[] = [];
const onEvent = (e: DropEvent) => listeners.forEach((l) => l(e));
const events = (l: (e: DropEvent) => void) => listeners.push(l);

beforeEach(async () => {
  world = await startWorld();
  layout = dropLayout(join(world.dir, 'drop'));
});

afterEach(async () => {
  await Promise.all(watchers.splice(0).map((w) => w.close(1_000)));
  listeners.splice(0);
  await world.close();
});

const redis = new Redis(REDIS_URL);
const prefix = `test-${randomUUID()}`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** Claims as one machine of several sharing the folder through Redis would hold them. */
function redisClaims(): { claims: ClaimStore; inboxClaims: ClaimStore } {
  return {
    claims: new RedisClaims(redis, `${prefix}:processing`),
    inboxClaims: new RedisClaims(redis, `${prefix}:inbox`),
  };
}

async function startWatcher(
  ledger: FileLedger,
  extra: { force?: boolean; claims?: { claims: ClaimStore; inboxClaims?: ClaimStore }; logger?: Logger } = {},
): Promise<DropWatcher> {
  const watcher = new DropWatcher({
    layout,
    ...(extra.claims ?? { claims: new FileClaims(layout.locks) }),
    ledger,
    run: world.runner(ledger),
    ledgerSettings: { mode: 'delta', keyColumn: 'barcode', retryUnknown: false },
    force: extra.force ?? false,
    logger: extra.logger ?? silentLogger,
    settleMs: 300,
    pollMs: 50,
    resumeIntervalMs: 200,
    onEvent,
  });
  watchers.push(watcher);
  await watcher.start();
  return watcher;
}

/** A logger whose records reach `listen`ers as parsed objects. */
function capturedLogger(): {
  logger: Logger;
  listen: (l: (record: { msg: string; err?: { code?: string } }) => void) => void;
} {
  const listeners: ((record: { msg: string; err?: { code?: string } }) => void)[] = [];
  const logger = createLogger({
    level: 'error',
    destination: { write: (line: string) => listeners.forEach((l) => l(JSON.parse(line) as { msg: string })) },
  });
  return { logger, listen: (l) => listeners.push(l) };
}

async function reportOf(claimed: string): Promise<DropReport> {
  return JSON.parse(await readFile(join(layout.done, `${claimed}.report.json`), 'utf8')) as DropReport;
}

describe('drop folder', () => {
  it('takes a slowly copied file once, after its size settles, and ignores partial-upload names', async () => {
    const ledger = await world.openLedger();
    const claims: DropEvent[] = [];
    events((e) => e.type === 'claimed' && claims.push(e));
    await startWatcher(ledger);
    await writeFile(join(layout.inbox, 'upload.csv.part'), productCsv(['p1']));
    await writeFile(join(layout.inbox, '~$lock.xlsx'), 'x');
    await writeFile(join(layout.inbox, '.hidden.csv'), productCsv(['h1']));

    const text = productCsv(['s1', 's2', 's3', 's4', 's5', 's6']);
    const path = join(layout.inbox, 'slow.csv');
    let written = 0;
    const done = waitFor(events, finishedFile('slow.csv'));
    // The settle clock stands still while the upload goes on, however slowly the writes land on a
    // loaded machine: only a size that stays the same while the clock runs counts as settled.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const line of text.split(/(?<=\n)/)) {
        await appendFile(path, line);
        written += line.length;
        await sleep(60); // a slow upload: the watcher polls the size several times between writes
      }
    } finally {
      vi.useRealTimers();
    }
    const event = await done;
    expect(written).toBe(text.length);
    expect(claims.map((c) => c.type === 'claimed' && c.file)).toEqual(['slow.csv']);
    if (event.type !== 'finished' || event.result.status !== 'done') throw new Error('not done');
    expect(event.result.report.counts?.created).toBe(6);
    expect(await readFile(join(layout.done, event.claimed), 'utf8')).toBe(text);
    expect((await reportOf(event.claimed)).batchId).toBe(event.result.report.batchId);
    expect((await readdir(layout.inbox)).sort()).toEqual(['.hidden.csv', 'upload.csv.part', '~$lock.xlsx']);
    expect(createCount(world.sandbox)).toBe(6);
  });

  it.each(['lock files', 'Redis claims'])('two watchers racing for 50 files sync each file once (%s)', async (kind) => {
    const ledger = await world.openLedger();
    const seen: string[] = [];
    events((e) => e.type === 'finished' && seen.push(e.file));
    await startWatcher(ledger, kind === 'Redis claims' ? { claims: redisClaims() } : {});
    await startWatcher(ledger, kind === 'Redis claims' ? { claims: redisClaims() } : {});
    const all = waitFor(events, () => seen.length >= 50);
    for (let i = 0; i < 50; i += 1) {
      const staged = join(world.dir, `f${i}.csv`);
      await writeFile(staged, productCsv([`race-${i}`]));
      await copyFile(staged, join(layout.inbox, `f${i}.csv`));
    }
    await all;
    expect(seen.sort()).toEqual(Array.from({ length: 50 }, (_, i) => `f${i}.csv`).sort());
    expect(createCount(world.sandbox)).toBe(50);
    const barcodes = world.sandbox.products().map((p) => p.fields.barcode);
    expect(new Set(barcodes).size).toBe(50);
    const done = await readdir(layout.done);
    expect(done.filter((n) => n.endsWith('.csv'))).toHaveLength(50);
    expect(await readdir(layout.processing)).toEqual([]);
  });

  it('a file damaged deep down goes to failed/ with the row named, and nothing is sent', async () => {
    const ledger = await world.openLedger();
    await startWatcher(ledger);
    const staged = join(world.dir, 'broken.csv');
    await writeBrokenSheet(staged, 'DROP');
    const broken = waitFor(events, finishedFile('broken.csv'));
    await copyFile(staged, join(layout.inbox, 'broken.csv'));
    const event = await broken;
    expect(event.type === 'finished' && event.result.status).toBe('failed');
    expect(createCount(world.sandbox)).toBe(0);
    const failed = await readdir(layout.failed);
    const errorFile = failed.find((n) => n.endsWith('--broken.csv.error.txt'));
    expect(failed.some((n) => n.endsWith('--broken.csv'))).toBe(true);
    const text = await readFile(join(layout.failed, errorFile!), 'utf8');
    expect(text).toContain('near row 32: a quoted field opened there is never closed');
  });

  it('syncs the same file again only when its content changed, unless forced; unreadable files go to failed/', async () => {
    const ledger = await world.openLedger();
    await startWatcher(ledger);
    const first = waitFor(events, finishedFile('a.csv'));
    await writeFile(join(layout.inbox, 'a.csv'), productCsv(['d1', 'd2']));
    const firstEvent = await first;
    if (firstEvent.type !== 'finished' || firstEvent.result.status !== 'done') throw new Error('not done');

    const again = waitFor(events, finishedFile('a.csv'));
    await writeFile(join(layout.inbox, 'a.csv'), productCsv(['d1', 'd2']));
    const second = await again;
    if (second.type !== 'finished' || second.result.status !== 'done') throw new Error('not done');
    expect(second.result.report.status).toBe('unchanged');
    expect(second.result.report.message).toContain(`unchanged since ${firstEvent.result.report.batchId}`);
    expect((await reportOf(second.claimed)).status).toBe('unchanged');
    expect(createCount(world.sandbox)).toBe(2);

    const bad = waitFor(events, finishedFile('bad.xlsx'));
    // A whole ZIP (its end record, no parts) that is no workbook: taken, and refused.
    await writeFile(join(layout.inbox, 'bad.xlsx'), Buffer.concat([Buffer.from('PK\x05\x06'), Buffer.alloc(18)]));
    const badEvent = await bad;
    expect(badEvent.type === 'finished' && badEvent.result.status).toBe('failed');
    const failed = await readdir(layout.failed);
    expect(failed.some((n) => n.endsWith('--bad.xlsx'))).toBe(true);
    expect(failed.some((n) => n.endsWith('--bad.xlsx.error.txt'))).toBe(true);
    // --force syncs the same content again (full mode), and still creates nothing twice.
    await Promise.all(watchers.splice(0).map((w) => w.close(1_000)));
    await startWatcher(ledger, { force: true });
    const forced = waitFor(events, finishedFile('a.csv'));
    await writeFile(join(layout.inbox, 'a.csv'), productCsv(['d1', 'd2']));
    const third = await forced;
    if (third.type !== 'finished' || third.result.status !== 'done') throw new Error('not done');
    expect(third.result.report.status).toBe('synced');
    expect(third.result.report.counts?.skipped).toBe(2);
    expect(createCount(world.sandbox)).toBe(2);

    // Nothing was deleted: every dropped file is somewhere.
    expect((await readdir(layout.done)).filter((n) => n.endsWith('--a.csv'))).toHaveLength(3);
  });

  it('a resume scan that hits a file-system error logs it and tries again; watch keeps serving', async () => {
    const ledger = await world.openLedger();
    const { logger, listen } = capturedLogger();
    await startWatcher(ledger, { logger });
    // The lock folder turns into a file: every claim in the scan fails (ENOTDIR or EEXIST).
    await rm(layout.locks, { recursive: true, force: true });
    await writeFile(layout.locks, 'not a folder');
    const left = claimedName(claimToken(Date.now(), 'abc123'), 'left.csv');
    const logged = waitFor(listen, (r) => r.msg.startsWith('could not claim a file in processing/'));
    await writeFile(join(layout.processing, left), productCsv(['left-1', 'left-2']));
    expect((await logged).err?.code).toMatch(/^(ENOTDIR|EEXIST)$/);

    const resumed = waitFor(events, finishedFile('left.csv'));
    await rm(layout.locks);
    const event = await resumed;
    expect(event.type === 'finished' && event.result.status).toBe('done');

    const fresh = waitFor(events, finishedFile('fresh.csv'));
    await writeFile(join(layout.inbox, 'fresh.csv'), productCsv(['fresh-1']));
    await fresh;
    expect(createCount(world.sandbox)).toBe(3);
  });

  it('tells the truth beside the file: a problem row leaves <name>.failed.csv and a status that is not synced', async () => {
    const ledger = await world.openLedger();
    await startWatcher(ledger);
    const mixed = waitFor(events, finishedFile('mixed.csv'));
    await writeFile(
      join(layout.inbox, 'mixed.csv'),
      'title,sale_price,category,barcode\nGood,5,1,m1\nTypo,12.5O,1,m2\n',
    );
    const event = await mixed;
    if (event.type !== 'finished' || event.result.status !== 'done') throw new Error('not done');
    const report = await reportOf(event.claimed);
    expect(report.status).toBe('needs_fix');
    expect(report.counts).toMatchObject({ created: 1, invalid: 1 });
    expect(report.failedCsv).toBe(`${event.claimed}.failed.csv`);
    expect(report.message).toContain(': 2 rows: created 1, invalid 1; 1 row needs a fix: fix it in ');
    const failedCsv = await readFile(join(layout.done, `${event.claimed}.failed.csv`), 'utf8');
    expect(failedCsv.slice(1).split('\r\n')).toEqual([
      'title,sale_price,category,barcode,row,outcome,message',
      'Typo,12.5O,1,m2,3,invalid,"sale_price: ""12.5O"" is not a number (expected e.g. 12.50)"',
      '',
    ]);

    // Fixed and dropped again: the reasons are not sent, and the ledger records row 3, where it was first seen.
    world.sandbox.resetStats();
    const refixed = waitFor(events, finishedFile('mixed.fixed.csv'));
    await writeFile(join(layout.inbox, 'mixed.fixed.csv'), failedCsv.replace('12.5O', '12.50'));
    const refixedEvent = await refixed;
    expect((await reportOf(refixedEvent.claimed)).status).toBe('synced');
    expect(world.sandbox.requests().map((r) => [r.path, r.body])).toContainEqual([
      '/v1/create_product',
      { title: 'Typo', sale_price: 12.5, category: 1, barcode: 'm2' },
    ]);
    expect((await ledger.getMany(['k:barcode:m2']))[0]).toMatchObject({ st: 'synced', row: 3 });

    // A file with no data rows under a known header, and one whose every row needs a fix.
    const notes = waitFor(events, finishedFile('notes.txt'));
    await writeFile(join(layout.inbox, 'notes.txt'), 'remember to order more tea\n');
    const notesEvent = await notes;
    const notesReport = await reportOf(notesEvent.claimed);
    expect(notesReport.status).toBe('nothing_synced');
    expect(notesReport.message).toContain('nothing was synced');
    const allBad = waitFor(events, finishedFile('all-bad.csv'));
    await writeFile(join(layout.inbox, 'all-bad.csv'), 'title,sale_price,category\nA,x,1\nB,y,1\n');
    const allBadEvent = await allBad;
    const allBadReport = await reportOf(allBadEvent.claimed);
    expect(allBadReport.status).toBe('nothing_synced');
    expect(allBadReport.failedCsv).toBe(`${allBadEvent.claimed}.failed.csv`);

    // Every row well: synced, no failed.csv.
    const good = waitFor(events, finishedFile('good.csv'));
    await writeFile(join(layout.inbox, 'good.csv'), productCsv(['g1']));
    const goodEvent = await good;
    const goodReport = await reportOf(goodEvent.claimed);
    expect(goodReport.status).toBe('synced');
    expect(goodReport.failedCsv).toBeNull();
    expect(goodReport.message).toContain('every row ended well');
    expect((await readdir(layout.done)).filter((n) => n.endsWith('.failed.csv'))).toHaveLength(2);
  });
});
