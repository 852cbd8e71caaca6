/**
 * BullMQ workers that exist only while their queue has something for them: a store's rows,
 * notifications and schedules, idle most of the time. A running BullMQ Worker holds a blocking
 * connection of its own and runs a stalled-job check and a blocking read in rounds, per queue:
 * with 500 stores served that was 1,000 connections, 500 Redis commands a second and a share of a
 * core for queues with nothing to do (issue 41).
 *
 * A queue's worker starts when a job is added: in this process at once (wake), in another through
 * the store's wake channel (wake.ts), heard on one connection per process. One timer per process
 * (SWEEP_MS) also asks Redis which queues have a job waiting, active or delayed until within
 * HORIZON_MS: those get a worker, the others lose theirs. The sweep finds what no message told:
 * a job whose message was lost, a delayed job coming due, and the active jobs of a worker that
 * died (the worker it starts recovers them as stalled). One script asks for every store on one
 * server; on a cluster one per store (a script's keys share a slot, as a store's do).
 */
import type { Worker } from 'bullmq';
import { isCluster, type RedisClient } from '../../redis.ts';
import { closeBull, connectionName } from './connection.ts';
import { prefixOfChannel, wakeChannel } from './wake.ts';

/** How often the queues are looked at: a job whose wake message was lost waits at most this long. */
export const SWEEP_MS = 10_000;
/** A delayed job due within this long gets its worker now; BullMQ then runs it at its time. */
const HORIZON_MS = 2 * SWEEP_MS;

/**
 * For each store (ARGV[2..]: how many queues it has, four keys each: wait, active, prioritized,
 * delayed): per queue 1 when it has work now or before ARGV[1] (ms), else 0. Redis deletes an
 * empty list or sorted set, so one EXISTS over all of a store's keys answers for an idle store.
 * A delayed job's score is its time * 0x1000 (BullMQ's encoding).
 */
const DUE_SCRIPT = `
local due = {}
local k = 0
for s = 2, #ARGV do
  local n = tonumber(ARGV[s])
  local any = redis.call('EXISTS', unpack(KEYS, k + 1, k + 4 * n)) > 0
  for q = 0, n - 1 do
    local i = k + 4 * q + 1
    local work = false
    if any then
      work = redis.call('EXISTS', KEYS[i], KEYS[i + 1], KEYS[i + 2]) > 0
      if not work then
        local first = redis.call('ZRANGE', KEYS[i + 3], 0, 0, 'WITHSCORES')
        work = first[2] ~= nil and math.floor(tonumber(first[2]) / 4096) <= tonumber(ARGV[1])
      end
    end
    due[#due + 1] = work and 1 or 0
  end
  k = k + 4 * n
end
return due`;

export interface LazyWorker {
  /**
   * Resolves once its store's wake channel is subscribed (its connection named and ready): from
   * then on a job added by another process wakes its worker at once, not at the next sweep.
   * Settles (never rejects) if the subscribe fails: the sweep still finds the queue's jobs.
   */
  heard(): Promise<void>;
  /** A job was just added to its queue here: its worker starts now rather than at the next sweep. */
  wake(): void;
  /** Closes its worker (if running) for good. */
  close(): Promise<void>;
  /**
   * Ends its starts and stops for good and hands over the worker running now (null: none), for
   * the caller to close its own way (a row worker's bounded stop).
   */
  detach(): Promise<Worker | null>;
}

interface Entry {
  prefix: string;
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
  /** Store prefix -> its wake channel's subscribe, settled. */
  private readonly subscribed = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private sweeping = false;
  /** The connection the wake channels are heard on, while any store has a lazy queue. */
  private listener: RedisClient | null = null;

  constructor(private readonly redis: RedisClient) {}

  add(prefix: string, queue: string, start: () => Worker): LazyWorker {
    const entry: Entry = { prefix, queue, start, worker: null, chain: Promise.resolve(), closed: false };
    let entries = this.stores.get(prefix);
    if (!entries) {
      this.stores.set(prefix, (entries = new Set()));
      const subscribe = this.listen()
        .subscribe(wakeChannel(prefix))
        .then(
          () => undefined,
          () => undefined,
        );
      this.subscribed.set(prefix, subscribe);
    }
    const heard = this.subscribed.get(prefix) ?? Promise.resolve();
    entries.add(entry);
    if (!this.timer) {
      this.timer = setInterval(() => void this.sweep(), SWEEP_MS);
      this.timer.unref();
    }
    // What was left queued (a job added while no worker ran, rows of a worker that died) is looked for now.
    void this.sweepStores([[prefix, entries]]).catch(() => undefined);
    const detach = async (): Promise<Worker | null> => {
      this.remove(entry);
      await entry.chain;
      const worker = entry.worker;
      entry.worker = null;
      return worker;
    };
    return {
      heard: () => heard,
      wake: () => this.transition(entry, true),
      detach,
      close: async () => {
        const worker = await detach();
        if (worker) await closeBull(worker).catch(() => undefined);
      },
    };
  }

  private remove(entry: Entry): void {
    entry.closed = true;
    const entries = this.stores.get(entry.prefix);
    if (!entries?.delete(entry) || entries.size > 0) return;
    this.stores.delete(entry.prefix);
    this.subscribed.delete(entry.prefix);
    this.listener?.unsubscribe(wakeChannel(entry.prefix)).catch(() => undefined);
    if (this.stores.size > 0) return;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const listener = this.listener;
    this.listener = null;
    void listener?.quit().catch(() => listener.disconnect());
  }

  /** The wake channels' connection: a message wakes its queue's worker; a reconnect sweeps (messages were lost). */
  private listen(): RedisClient {
    if (this.listener) return this.listener;
    const name = connectionName('wake');
    const redis = this.redis;
    const listener = isCluster(redis)
      ? redis.duplicate([], { redisOptions: { ...redis.options.redisOptions, connectionName: name } })
      : redis.duplicate({ connectionName: name });
    // Redis away: the shared connection says so; this one reconnects and resubscribes by itself.
    listener.on('error', () => undefined);
    let ready = 0;
    listener.on('ready', () => {
      if (ready++ > 0) void this.sweep();
    });
    listener.on('message', (channel: string, queue: string) => {
      const prefix = prefixOfChannel(channel);
      for (const entry of (prefix && this.stores.get(prefix)) || [])
        if (entry.queue === queue) this.transition(entry, true);
    });
    this.listener = listener;
    return listener;
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
    const list = stores.map(([prefix, entries]) => ({ prefix, entries: [...entries] }));
    if (list.every(({ entries }) => entries.length === 0)) return;
    const keys = list.flatMap(({ prefix, entries }) =>
      entries.flatMap((entry) =>
        ['wait', 'active', 'prioritized', 'delayed'].map((type) => `${prefix}:${entry.queue}:${type}`),
      ),
    );
    const counts = list.map(({ entries }) => entries.length);
    const due = (await this.redis.eval(
      DUE_SCRIPT,
      keys.length,
      ...keys,
      Date.now() + HORIZON_MS,
      ...counts,
    )) as number[];
    list.flatMap(({ entries }) => entries).forEach((entry, i) => this.transition(entry, due[i] === 1));
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
        // A job added after the sweep looked, whose message came before the close began, is
        // found by looking once more.
        const entries = this.stores.get(entry.prefix);
        if (!entry.closed && entries) void this.sweepStores([[entry.prefix, entries]]).catch(() => undefined);
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
