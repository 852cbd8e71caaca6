/**
 * The local mode's notifications (no Redis): one JSON file per notification in the store's
 * outbox folder, each written whole (files/atomic-write.ts), so a notification recorded when its
 * batch ended is still there after a crash or a restart, and a process that adds one never
 * rewrites another's. One process at a time delivers (`deliverer.lock`, the pid of the one that
 * does): it tries each due notification, records the attempt in its file, and looks again when
 * the next one is due, and every few seconds for ones other processes added. A process that cannot
 * deliver (another does) only adds; one that ends delivering leaves what is not due yet to the next.
 */
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { takePidLock, type PidLock } from '../files/pid-lock.ts';
import type { Logger } from '../log.ts';
import { logAttempt, type AttemptListener } from './attempt-log.ts';
import { batchOf } from './event.ts';
import type { DeliveryState, DeliveryView } from './delivery-view.ts';
import { attemptDelivery, type Notification } from './notification.ts';
import { RETRY_DELAYS_MS, retryDelay } from './retry.ts';
import type { NotifySettings } from './settings.ts';

/** A notification and where its delivery stands, as its file holds it. */
export interface OutboxEntry extends Notification {
  batchId: string | null;
  state: DeliveryState;
  attempts: number;
  createdAt: string;
  nextAttemptAt: string | null;
  lastError: string | null;
  deliveredAt: string | null;
}

export interface OutboxDeps {
  /** The store's outbox folder (one per store and account). */
  dir: string;
  settings: NotifySettings;
  logger: Logger;
  clock?: () => number;
  /** @defaultValue RETRY_DELAYS_MS */
  delays?: readonly number[];
  onAttempt?: AttemptListener;
  /** How often the deliverer looks for notifications other processes added. @defaultValue 5000 */
  rescanMs?: number;
  /** How long a delivered or given-up notification stays for the console. @defaultValue 7 days */
  keepMs?: number;
}

const LOCK = 'deliverer.lock';
const SUFFIX = '.json';

export class Outbox {
  private lock: PidLock | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<void> | null = null;
  private again = false;
  private closing = false;
  private readonly clock: () => number;

  constructor(private readonly deps: OutboxDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  /** Records each notification (one already there, of a batch reported twice, stays as it is). */
  async add(notifications: readonly Notification[]): Promise<void> {
    await mkdir(this.deps.dir, { recursive: true });
    const now = new Date(this.clock()).toISOString();
    for (const notification of notifications) {
      const file = this.fileOf(notification.id);
      if (await readEntry(file)) continue;
      const entry: OutboxEntry = {
        ...notification,
        batchId: batchOf(notification.event),
        state: 'pending',
        attempts: 0,
        createdAt: now,
        nextAttemptAt: now,
        lastError: null,
        deliveredAt: null,
      };
      await writeFileAtomic(file, `${JSON.stringify(entry, null, 2)}\n`);
    }
    await this.start();
  }

  async ofBatch(batchId: string): Promise<DeliveryView[]> {
    const views: DeliveryView[] = [];
    for (const name of await this.names()) {
      if (!name.startsWith(`${batchId}.`)) continue;
      const entry = await readEntry(join(this.deps.dir, name));
      if (entry && entry.batchId === batchId) views.push(viewOf(entry));
    }
    return views;
  }

  /** Delivers from now on, when no other process does (true), and at once what is due. */
  async start(): Promise<boolean> {
    if (this.closing) return false;
    if (!this.lock) {
      await mkdir(this.deps.dir, { recursive: true });
      const taken = await takePidLock(join(this.deps.dir, LOCK));
      if (!taken.lock) {
        this.deps.logger.debug(
          { outbox: this.deps.dir, deliverer: taken.heldBy },
          'another process delivers the notifications',
        );
        return false;
      }
      this.lock = taken.lock;
    }
    this.kick();
    return true;
  }

  /**
   * Stops delivering once the pass under way has tried what was due (each attempt bounded by its
   * timeout). A process that was not delivering delivers what is due once, if the deliverer is
   * gone meanwhile.
   */
  async close(): Promise<void> {
    if (!this.lock && !this.closing) {
      const taken = await takePidLock(join(this.deps.dir, LOCK)).catch(() => null);
      if (taken?.lock) {
        this.lock = taken.lock;
        this.kick();
      }
    }
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.idle();
    await this.lock?.release();
    this.lock = null;
  }

  /** Resolves once no pass over the outbox is under way (one the caller's timer started, say). */
  async idle(): Promise<void> {
    while (this.pass) await this.pass;
  }

  /** A pass over the outbox now (or right after the one under way). */
  private kick(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = this.deliverDue()
      .catch((error: unknown) => this.deps.logger.error({ err: error, outbox: this.deps.dir }, 'outbox pass failed'))
      .finally(() => {
        this.pass = null;
        if (this.closing) return;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async deliverDue(): Promise<void> {
    let nextDue = Number.POSITIVE_INFINITY;
    const keepMs = this.deps.keepMs ?? 7 * 24 * 3_600_000;
    for (const name of await this.names()) {
      const file = join(this.deps.dir, name);
      const entry = await readEntry(file);
      if (!entry) continue;
      if (entry.state === 'delivered' || entry.state === 'given_up') {
        const at = Date.parse(entry.deliveredAt ?? entry.nextAttemptAt ?? entry.createdAt);
        if (this.clock() - at > keepMs) await rm(file, { force: true });
        continue;
      }
      const due = Date.parse(entry.nextAttemptAt ?? entry.createdAt);
      if (due > this.clock()) {
        nextDue = Math.min(nextDue, due);
        continue;
      }
      const updated = await this.attempt(entry, file);
      if (updated.nextAttemptAt) nextDue = Math.min(nextDue, Date.parse(updated.nextAttemptAt));
    }
    if (this.closing) return;
    const wait = Math.min(this.deps.rescanMs ?? 5_000, Math.max(0, nextDue - this.clock()));
    this.timer = setTimeout(() => this.kick(), wait);
    this.timer.unref?.();
  }

  private async attempt(entry: OutboxEntry, file: string): Promise<OutboxEntry> {
    const attempt = entry.attempts + 1;
    const result = await attemptDelivery(entry, this.deps.settings, this.clock());
    const now = this.clock();
    const delay = result.ok ? null : retryDelay(attempt, this.deps.delays ?? RETRY_DELAYS_MS);
    const state = result.ok ? 'delivered' : delay === null ? 'given_up' : 'retrying';
    const updated: OutboxEntry = {
      ...entry,
      state,
      attempts: attempt,
      nextAttemptAt: delay === null ? null : new Date(now + delay).toISOString(),
      lastError: result.ok ? entry.lastError : result.detail,
      deliveredAt: result.ok ? new Date(now).toISOString() : null,
    };
    await writeFileAtomic(file, `${JSON.stringify(updated, null, 2)}\n`);
    logAttempt(
      this.deps.logger,
      { notification: entry, attempt, result, state, nextAttemptAt: delay === null ? null : now + delay },
      this.deps.onAttempt,
    );
    return updated;
  }

  private async names(): Promise<string[]> {
    try {
      return (await readdir(this.deps.dir)).filter((name) => name.endsWith(SUFFIX)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  private fileOf(id: string): string {
    return join(this.deps.dir, `${id}${SUFFIX}`);
  }
}

async function readEntry(file: string): Promise<OutboxEntry | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as OutboxEntry;
  } catch {
    return null;
  }
}

export function viewOf(entry: OutboxEntry): DeliveryView {
  return {
    id: entry.id,
    channel: entry.channel,
    type: entry.event.type,
    batchId: entry.batchId,
    state: entry.state,
    attempts: entry.attempts,
    nextAttemptAt: entry.state === 'pending' || entry.state === 'retrying' ? entry.nextAttemptAt : null,
    lastError: entry.lastError,
    deliveredAt: entry.deliveredAt,
    createdAt: entry.createdAt,
  };
}
