/**
 * `catalog-sync watch`: takes sheets dropped into inbox/ once they are whole (inbox-settle.ts:
 * settled size and time, no writer holding them open, a complete ZIP), claims each by renaming it into processing/, and runs it (drop-file.ts).
 * Files left in processing/ by a watcher that died are resumed by whoever claims them next.
 * Claims are taken one file at a time, when a slot is free, so several watchers share the work.
 */
import { randomBytes } from 'node:crypto';
import { readdir, rename, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { Logger } from '../log.ts';
import type { ClaimStore } from './claims.ts';
import { prepareDropFolders } from './drop-folders.ts';
import { processDropFile, type DropFileDeps, type DropResult } from './drop-file.ts';
import {
  claimedName,
  claimToken,
  isIgnoredName,
  isSheetName,
  parseClaimedName,
  type DropLayout,
} from './drop-layout.ts';
import { DEFAULT_SETTLE_MS, InboxSettle } from './inbox-settle.ts';

export type DropEvent =
  | { type: 'waiting'; file: string; reason: string }
  | { type: 'claimed'; file: string; claimed: string; resumed: boolean }
  | { type: 'finished'; file: string; claimed: string; result: DropResult }
  | { type: 'error'; file: string; claimed: string; error: unknown };

export interface DropWatcherOptions extends Omit<DropFileDeps, 'layout' | 'logger'> {
  layout: DropLayout;
  /** Claims on files in processing/ (lock files, or Redis with several machines). */
  claims: ClaimStore;
  /** With Redis: a claim on an inbox file before the rename (machines sharing the folder). */
  inboxClaims?: ClaimStore;
  logger: Logger;
  /** How long a file's size and mtime must stay the same before it is taken. @defaultValue 10000 */
  settleMs?: number;
  /** How often sizes are checked while settling. @defaultValue 250 */
  pollMs?: number;
  /** Poll the folder instead of OS events (network shares). @defaultValue false */
  usePolling?: boolean;
  /** How often processing/ is scanned for files a dead watcher left. @defaultValue 60000 */
  resumeIntervalMs?: number;
  /** Files run at once by this watcher. @defaultValue 1 */
  parallel?: number;
  clock?: () => number;
  onEvent?: (event: DropEvent) => void;
}

type Work = { kind: 'inbox'; name: string } | { kind: 'claimed'; claimed: string };

export class DropWatcher {
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private settleTimer: NodeJS.Timeout | undefined;
  private settle: InboxSettle | undefined;
  /** The settle look under way, if any: looks never overlap. */
  private looking: Promise<void> | undefined;
  private readonly queue: Work[] = [];
  private readonly queued = new Set<string>();
  private readonly active = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private closed = false;
  /** The resume scan under way, if any: ticks never overlap, and close() waits for it. */
  private scanning: Promise<void> | undefined;

  constructor(private readonly options: DropWatcherOptions) {}

  async start(): Promise<void> {
    const { layout } = this.options;
    await prepareDropFolders(layout);
    await this.scan();
    this.timer = setInterval(() => void this.scan(), this.options.resumeIntervalMs ?? 60_000);
    const settle = new InboxSettle({
      settleMs: this.options.settleMs ?? DEFAULT_SETTLE_MS,
      clock: () => (this.options.clock ?? Date.now)(),
      onWaiting: (file, reason) => {
        this.options.logger.info({ file, reason }, 'drop file not taken yet');
        this.options.onEvent?.({ type: 'waiting', file, reason });
      },
    });
    this.settle = settle;
    this.settleTimer = setInterval(() => void this.look(), this.options.pollMs ?? 250);
    const watcher = watch(layout.inbox, {
      depth: 0,
      // A file dropped again soon after the last one was taken must still be an `add`.
      atomic: false,
      ignoreInitial: false,
      usePolling: this.options.usePolling ?? false,
      interval: this.options.pollMs ?? 250,
      ignored: (path) => path !== layout.inbox && isIgnoredName(path),
    });
    // Not taken at once: a file is taken once whole (inbox-settle.ts), looked at every pollMs.
    const seen = (path: string) => settle.touch(basename(path));
    watcher.on('add', seen);
    watcher.on('change', seen); // a file rewritten in place while waiting: taken once settled
    // A folder named like a sheet (products.csv/) is refused like a FIFO; other folders are left alone.
    watcher.on('addDir', (path) => {
      if (path !== layout.inbox && isSheetName(path)) seen(path);
    });

    watcher.on('error', (error) => this.options.logger.error({ err: error }, 'drop folder watch error'));
    this.watcher = watcher;
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  }

  /** Stops taking files, waits up to graceMs for the ones running, then hands the rest back. */
  async close(graceMs = 30_000): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    clearInterval(this.settleTimer);
    await this.scanning;
    await this.looking;
    await this.watcher?.close();
    const running = Promise.all(this.active.values());
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([running, timedOut]);
    clearTimeout(timer);
    // Unfinished files stay in processing/; releasing their claims lets the next watcher resume them.
    this.abort.abort();
    await this.options.claims.close();
    await this.options.inboxClaims?.close();
  }

  private enqueue(work: Work): void {
    const id = work.kind === 'inbox' ? `i:${work.name}` : `c:${work.claimed}`;
    if (this.closed || this.queued.has(id)) return;
    this.queued.add(id);
    this.queue.push(work);
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.active.size < (this.options.parallel ?? 1) && this.queue.length > 0) {
      const work = this.queue.shift()!;
      const id = work.kind === 'inbox' ? `i:${work.name}` : `c:${work.claimed}`;
      const task = this.handle(work)
        .catch((error: unknown) => this.options.logger.error({ err: error }, 'drop folder error'))
        .finally(() => {
          this.active.delete(id);
          this.queued.delete(id);
          this.pump();
        });
      this.active.set(id, task);
    }
  }

  private async handle(work: Work): Promise<void> {
    if (work.kind === 'claimed') return this.run(work.claimed, true);
    const claimed = await this.claimInboxFile(work.name);
    if (claimed) await this.run(claimed, false);
  }

  /** Renames inbox/<name> into processing/; null when another watcher took it first. */
  private async claimInboxFile(name: string): Promise<string | null> {
    const { layout, claims, inboxClaims } = this.options;
    const from = join(layout.inbox, name);
    let info;
    try {
      info = await stat(from);
    } catch {
      return null; // gone already: taken by another watcher
    }
    // Not a regular file (a FIFO, a folder named like a sheet): claimed like any other, and
    // drop-file.ts moves it to failed/ with its reason, never opening it.
    if (inboxClaims && !(await inboxClaims.tryClaim(`inbox:${name}:${info.size}:${info.mtimeMs}`))) return null;
    const token = claimToken((this.options.clock ?? Date.now)(), randomBytes(3).toString('hex'));
    const claimed = claimedName(token, name);
    // Held before the rename, so a resume scan elsewhere never sees the file unclaimed.
    await claims.tryClaim(`processing:${claimed}`, { hold: true });
    try {
      await rename(from, join(layout.processing, claimed));
    } catch (error) {
      await claims.release(`processing:${claimed}`);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return claimed;
  }

  private async run(claimed: string, resumed: boolean): Promise<void> {
    const file = parseClaimedName(claimed)?.name ?? claimed;
    const { onEvent, logger } = this.options;
    if (resumed && !(await exists(join(this.options.layout.processing, claimed)))) {
      // Finished by its holder between our directory listing and our claim.
      await this.options.claims.release(`processing:${claimed}`);
      return;
    }
    onEvent?.({ type: 'claimed', file, claimed, resumed });
    logger.info({ file, claimed, resumed }, resumed ? 'resuming drop file' : 'took drop file');
    try {
      const result = await processDropFile(
        claimed,
        { ...this.options, layout: this.options.layout, logger },
        this.abort.signal,
      );
      logger.info(
        result.status === 'done'
          ? { file, claimed, status: result.report.status, counts: result.report.counts }
          : { file, claimed, status: 'failed', error: result.error },
        'drop file finished',
      );
      onEvent?.({ type: 'finished', file, claimed, result });
    } catch (error) {
      // Left in processing/ (store or Redis away, shutdown): the next resume scan tries again.
      logger.error({ err: error, file, claimed }, 'drop file not finished; it stays in processing/');
      onEvent?.({ type: 'error', file, claimed, error });
    } finally {
      await this.options.claims.release(`processing:${claimed}`);
    }
  }

  /** One settle look at a time; it never rejects (a file-system error is logged, the next look tries again). */
  private look(): Promise<void> {
    const settle = this.settle;
    if (this.closed || this.looking || !settle || settle.size === 0) return this.looking ?? Promise.resolve();
    this.looking = settle
      .ready((name) => join(this.options.layout.inbox, name))
      .then((names) => names.forEach((name) => this.enqueue({ kind: 'inbox', name })))
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'drop folder settle check failed'))
      .finally(() => (this.looking = undefined));
    return this.looking;
  }

  /** One resume scan at a time; it never rejects, so a timer tick can never end the watcher. */
  private scan(): Promise<void> {
    if (this.closed || this.scanning) return this.scanning ?? Promise.resolve();
    this.scanning = this.resumeScan().finally(() => (this.scanning = undefined));
    return this.scanning;
  }

  /**
   * Files in processing/ that no live watcher holds: left by a crash, resumed here. A file-system
   * error is logged and the scan goes on (one file) or ends until the next tick (the folder).
   */
  private async resumeScan(): Promise<void> {
    const { layout, claims, logger } = this.options;
    let names: string[];
    try {
      names = await readdir(layout.processing);
    } catch (error) {
      logger.error({ err: error, dir: layout.processing }, 'drop folder scan failed; trying again at the next scan');
      return;
    }
    for (const claimed of names.sort()) {
      if (this.closed) return;
      if (!parseClaimedName(claimed) || this.active.has(`c:${claimed}`) || this.queued.has(`c:${claimed}`)) continue;
      try {
        if (await claims.tryClaim(`processing:${claimed}`, { hold: true })) this.enqueue({ kind: 'claimed', claimed });
      } catch (error) {
        logger.error({ err: error, claimed }, 'could not claim a file in processing/; trying again at the next scan');
      }
    }
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
