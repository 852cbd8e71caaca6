/**
 * BullMQ workers that exist only while their queue has something for them: a store's
 * notifications and schedules, idle most of the time. A running BullMQ Worker holds a blocking
 * connection of its own and runs a stalled-job check and a blocking read in rounds, per queue:
 * with 500 stores served that was 1,000 connections and a share of a core for queues with
 * nothing to do (issue 41). Here one timer per process (SWEEP_MS) asks Redis which of the queues
 * have a job waiting, active (a stalled one is recovered by the worker it starts) or delayed until
 * within HORIZON_MS; those get a worker, the others lose theirs. One script asks for every store
 * on one server; on a cluster one per store (a script's keys share a slot, as a store's do). A
 * job added in this process wakes its worker at once (wake); one added elsewhere within SWEEP_MS.
 */
import type { Worker } from 'bullmq';
import { isCluster, type RedisClient } from '../../redis.ts';
import { closeBull } from './connection.ts';

/** How often the queues are looked at: a job added by another process waits at most this long. */
export const SWEEP_MS = 10_000;
/** A delayed job due within this long gets its worker now; BullMQ then runs it at its time. */
const HORIZON_MS = 2 * SWEEP_MS;

/**
 * For each queue (four keys: wait, active, prioritized, delayed): 1 when it has work now or
 * before ARGV[1] (ms), else 0. A delayed job's score is its time * 0x1000 (BullMQ's encoding).
 */
const DUE_SCRIPT = `
local due = {}
for i = 1, #KEYS, 4 do
  local work = redis.call('LLEN', KEYS[i]) > 0 or redis.call('LLEN', KEYS[i + 1]) > 0
    or redis.call('ZCARD', KEYS[i + 2]) > 0
  if not work then
    local first = redis.call('ZRANGE', KEYS[i + 3], 0, 0, 'WITHSCORES')
    work = first[2] ~= nil and math.floor(tonumber(first[2]) / 4096) <= tonumber(ARGV[1])
  end
  due[#due + 1] = work and 1 or 0
end
return due`;

export interface LazyWorker {
  /** A job was just added to its queue here: its worker starts now rather than at the next sweep. */
  wake(): void;
  /** Closes its worker (if running) for good. */
  close(): Promise<void>;
}

interface Entry {
  queue: string;
  start: () => Worker;
  worker: Worker | null;
  /** Its starts and stops, one after the other. */
  chain: Promise<void>;
  closed: boolean;
}

/** The lazy workers of one process, on its shared connection. */
class LazyWorkers {
  /** Store prefix -> its lazy queues: one script per store, its keys in one hash slot. */
  private readonly stores = new Map<string, Set<Entry>>();
  private timer: NodeJS.Timeout | null = null;
  private sweeping = false;

  constructor(private readonly redis: RedisClient) {}

  add(prefix: string, queue: string, start: () => Worker): LazyWorker {
    const entry: Entry = { queue, start, worker: null, chain: Promise.resolve(), closed: false };
    let entries = this.stores.get(prefix);
    if (!entries) this.stores.set(prefix, (entries = new Set()));
    entries.add(entry);
    if (!this.timer) {
      this.timer = setInterval(() => void this.sweep(), SWEEP_MS);
      this.timer.unref();
    }
    // What was left queued (a job added while no worker ran) is looked for now.
    void this.sweepStores([[prefix, entries]]).catch(() => undefined);
    return {
      wake: () => this.transition(entry, true),
      close: async () => {
        entry.closed = true;
        entries.delete(entry);
        if (entries.size === 0) this.stores.delete(prefix);
        if (this.stores.size === 0 && this.timer) {
          clearInterval(this.timer);
          this.timer = null;
        }
        this.transition(entry, false);
        await entry.chain;
      },
    };
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      // Redis away: every worker stays as it is until it answers again.
      if (!isCluster(this.redis)) await this.sweepStores([...this.stores]).catch(() => undefined);
      else for (const store of [...this.stores]) await this.sweepStores([store]).catch(() => undefined);
    } finally {
      this.sweeping = false;
    }
  }

  private async sweepStores(stores: [string, Set<Entry>][]): Promise<void> {
    const list = stores.flatMap(([prefix, entries]) => [...entries].map((entry) => ({ prefix, entry })));
    if (list.length === 0) return;
    const keys = list.flatMap(({ prefix, entry }) =>
      ['wait', 'active', 'prioritized', 'delayed'].map((type) => `${prefix}:${entry.queue}:${type}`),
    );
    const due = (await this.redis.eval(DUE_SCRIPT, keys.length, ...keys, Date.now() + HORIZON_MS)) as number[];
    list.forEach(({ entry }, i) => this.transition(entry, due[i] === 1));
  }

  /** Starts (`run`) or closes the entry's worker, after whatever it is doing now. */
  private transition(entry: Entry, run: boolean): void {
    entry.chain = entry.chain.then(async () => {
      if (run && !entry.closed && !entry.worker) entry.worker = entry.start();
      else if ((!run || entry.closed) && entry.worker) {
        const worker = entry.worker;
        entry.worker = null;
        // Not forced: a job that became active meanwhile ends first.
        await closeBull(worker).catch(() => undefined);
      }
    });
  }
}

const perConnection = new WeakMap<RedisClient, LazyWorkers>();

/**
 * A worker for the queue `queue` of the store at `prefix` that `start` makes whenever the queue
 * has work, and that is closed when it has none; swept on `redis` (the process's connection).
 */
export function lazyWorker(redis: RedisClient, prefix: string, queue: string, start: () => Worker): LazyWorker {
  let workers = perConnection.get(redis);
  if (!workers) perConnection.set(redis, (workers = new LazyWorkers(redis)));
  return workers.add(prefix, queue, start);
}
