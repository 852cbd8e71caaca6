/**
 * The stores one deployment serves, each with an app of its own (src/app.ts: its client, rate
 * gate, ledger, queue), for the long-running services (`worker`, `watch`, `serve`). Without a
 * stores file, or with one store picked (--store), that is one store; with a stores file, every
 * store in it, followed while the service runs: a store added to the file is started within
 * seconds, a removed one stopped (its queued rows stay queued, untouched), a changed one
 * restarted. A file that does not check (a half-saved edit) changes nothing: the error is logged
 * once and the stores keep running as they were. A worker's deployment serves only its share of
 * the file's stores (app/leases), following it as workers join and leave.
 */
import { statSync } from 'node:fs';
import pLimit from 'p-limit';
import { createApp, type App, type AppOptions } from './app.ts';
import { loadQueue } from './app/queue.ts';
import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import { redisServerOf, type RedisClient, type RedisServer } from './redis.ts';
import { storeConfig, type FlaggedSettings } from './store-choice.ts';
import { storeIdentityOf, storeScope } from './store/identity.ts';
import { readStoresFile, type StoreProfile } from './stores-file.ts';
import type { WorkerLeases } from './app/leases/index.ts';

/**
 * What a service runs for one store; stop() ends it (gracefully, as the service defines).
 * `profile`: the store's entry in the stores file (its console login), null for the one store of
 * the environment's settings.
 */
export interface StoreService {
  start(app: App, profile: StoreProfile | null): Promise<{ stop(): Promise<void> }>;
}

export interface DeploymentOptions {
  /** The command's configuration: one store's, or (storesOnOffer) the stores file's base settings. */
  config: Config;
  /** The stores file to follow; null: `config` is the one store. */
  storesFile: string | null;
  env: Record<string, string | undefined>;
  flagged?: FlaggedSettings;
  logger: Logger;
  appOptions?: AppOptions;
  /** How often the stores file's size, time and inode are looked at. @defaultValue 2000 */
  pollMs?: number;
  /** How soon a store that failed to start is tried again. @defaultValue 30000 */
  retryMs?: number;
}

interface Running {
  /** What the store was started from: a changed profile restarts it. */
  profile: string;
  app: App;
  stop: (() => Promise<void>) | null;
  failedAt: number | null;
}

export class Deployment {
  private readonly running = new Map<string, Running>();
  private sharedRedis: Promise<RedisClient> | null = null;
  private profiles: Map<string, StoreProfile | null> = new Map();
  private lastError: string | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  /** The stores file's stamp (stampOf) when it was last read. */
  private readStamp: string | null = null;
  private changing: Promise<void> = Promise.resolve();
  private service: StoreService | null = null;
  /** A worker's heartbeat and (pool) its share of the stores file (app/leases); null or not pool: every store is served here. */
  private leases: WorkerLeases | null = null;
  private closed = false;

  constructor(private readonly options: DeploymentOptions) {}

  /** The ids of the stores running now, in the stores file's order (they start several at a time). */
  get storeIds(): string[] {
    return this.fileOrder.filter((id) => this.running.has(id));
  }

  /** The ids of the stores file's stores, in its order, started or not. */
  get fileOrder(): string[] {
    return [...this.profiles.keys()];
  }

  /** The app of a store running now. */
  app(id: string): App | undefined {
    return this.running.get(id)?.app;
  }

  /**
   * Starts `service` for every store and, with a stores file, follows the file until close().
   * With `leases` (a worker's), its heartbeat names the stores it serves; with a pool's, only the
   * stores of the file that fall to this process, followed as workers join and leave.
   */
  async serve(service: StoreService, leases?: WorkerLeases): Promise<void> {
    this.service = service;
    const profiles = this.readProfiles() ?? new Map<string, StoreProfile | null>();
    // A worker's heartbeat, whether it takes a share of a stores file or serves its one store.
    if (leases) {
      this.leases = leases;
      await leases.join(() => this.queue(() => this.apply(this.profiles)));
    }
    // The first pass is a change like the others: one the leases ask for meanwhile waits for it.
    const first = this.apply(profiles);
    this.changing = first.catch(() => undefined);
    await first;
    const file = this.options.storesFile;
    if (file === null) return;
    // Each look compares the file with what was last read, not with the look before it (as
    // fs.watchFile does, from a first look of its own): an edit saved while the first stores were
    // starting, before any look, is still seen.
    this.pollTimer = setInterval(() => {
      if (stampOf(file) !== this.readStamp) this.reload();
    }, this.options.pollMs ?? 2_000);
    this.retryTimer = setInterval(() => this.retryFailed(), this.options.retryMs ?? 30_000);
    this.retryTimer.unref();
  }

  /** Reads the stores file again now (it is also read on every change of it). */
  reload(): void {
    const profiles = this.readProfiles();
    if (profiles) this.queue(() => this.apply(profiles));
  }

  /** Stops every store's service, then closes their apps and the shared Redis connection. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.retryTimer) clearInterval(this.retryTimer);
    // Left first, not awaited: the others take its stores while its rows in hand end; with Redis
    // down, its heartbeat lapses instead.
    void this.leases?.leave().catch(() => undefined);
    await this.changing;
    await Promise.all([...this.running.keys()].map((id) => this.stopStore(id)));
    const redis = this.sharedRedis;
    this.sharedRedis = null;
    if (redis) {
      const connection = await redis.catch(() => null);
      await connection?.quit().catch(() => connection.disconnect());
    }
  }

  /** The deployment's one Redis connection (the stores' and the leases'). */
  connection(): Promise<RedisClient> {
    const server = redisServerOf(this.options.config);
    if (!server) return Promise.reject(new Error('REDIS_URL is not set'));
    return this.redis(server);
  }

  /** One change at a time, in order: a reload never overlaps another or close(). */
  private queue(change: () => Promise<void>): void {
    this.changing = this.changing.then(change).catch((error: unknown) => {
      this.options.logger.error({ err: error }, 'the stores could not be updated');
    });
  }

  /** The stores to run: id -> profile (null: the one store of the configuration). */
  private readProfiles(): Map<string, StoreProfile | null> | null {
    const file = this.options.storesFile;
    if (file === null) return new Map([[this.options.config.storeId ?? 'default', null]]);
    // Stamped before it is read: an edit landing between the two is read again at the next look.
    this.readStamp = stampOf(file);
    try {
      statSync(file);
      const read = readStoresFile(file, this.options.env);
      this.lastError = null;
      return new Map(read.stores.map((profile) => [profile.id, profile]));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message !== this.lastError) {
        this.lastError = message;
        this.options.logger.error(
          { storesFile: file, err: message },
          `the stores file does not check, so the stores keep running as they were: ${message}`,
        );
      }
      return null;
    }
  }

  private async apply(profiles: Map<string, StoreProfile | null>): Promise<void> {
    if (this.closed) return;
    this.profiles = profiles;
    const mine = this.shareOf(profiles);
    // Said before they start (500 stores take a while): a command queueing rows for one of them
    // meanwhile knows a worker will take them. Not awaited: with Redis down it waits for Redis,
    // and the next change must not.
    void this.leases?.serving([...mine].map(([id, profile]) => ({ id, scope: this.scopeOf(profile) })));
    const removed = [...this.running.keys()].filter((id) => !mine.has(id));
    // Side by side: each store's rows in hand may take the grace period to end.
    await Promise.all(removed.map((id) => this.stopAway(id, profiles.get(id))));
    const changed = [...mine].filter(([id, profile]) => this.running.get(id)?.profile !== JSON.stringify(profile));
    // A few side by side: one at a time, a worker taking over a dead one's 130 stores at load 30
    // spent minutes on their logins and connections (bench/agency-cluster.ts), past the 30 s promise.
    const limit = pLimit(STARTS_AT_ONCE);
    await Promise.all(
      changed.map(([id, profile]) =>
        limit(async () => {
          if (this.running.has(id)) {
            this.options.logger.info({ store: id }, `store ${id} changed in the stores file: restarted`);
            await this.stopStore(id);
          }
          await this.startStore(id, profile, JSON.stringify(profile));
        }),
      ),
    );
  }

  /** A store's scope: a stores file entry's, or the configured store's (its settings checked when it starts). */
  private scopeOf(profile: StoreProfile | null): string {
    if (profile) return scopeOf(profile);
    try {
      return storeScope(storeIdentityOf(this.options.config));
    } catch {
      return '';
    }
  }

  /** Stops a store that left the file, or (`profile` still in it) moved to another worker. */
  private async stopAway(id: string, profile: StoreProfile | null | undefined): Promise<void> {
    const to = profile ? this.leases!.workersOf(scopeOf(profile)).join(', ') : '';
    this.options.logger.info(
      { store: id, ...(profile ? { servedBy: to } : {}) },
      profile
        ? `store ${id} moved to worker ${to}: stopped here once its rows in hand ended`
        : `store ${id} left the stores file: stopped (its queued rows stay queued)`,
    );
    await this.stopStore(id);
  }

  /** The stores this process serves: every one, or with leases those that fall to it. */
  private shareOf(profiles: Map<string, StoreProfile | null>): Map<string, StoreProfile | null> {
    const leases = this.leases;
    if (!leases?.pool) return profiles;
    return new Map([...profiles].filter(([, profile]) => profile === null || leases.serves(scopeOf(profile))));
  }

  private async startStore(id: string, profile: StoreProfile | null, signature: string): Promise<void> {
    const { config, logger, flagged, appOptions } = this.options;
    const storeLogger = logger.child({ store: id });
    const server = redisServerOf(config);
    const app = createApp(profile ? storeConfig(config, profile, flagged) : config, storeLogger, {
      ...appOptions,
      ...(server ? { redis: () => this.redis(server) } : {}),
    });
    const running: Running = { profile: signature, app, stop: null, failedAt: null };
    this.running.set(id, running);
    try {
      const started = await this.service!.start(app, profile);
      running.stop = () => started.stop();
    } catch (error) {
      // One store of many that cannot start (its password changed, its store is down) leaves the
      // others running; the one store of a command without a stores file stops the command.
      if (this.options.storesFile === null) {
        this.running.delete(id);
        await app.close();
        throw error;
      }
      running.failedAt = Date.now();
      // Which store (its address) and what to check: the error names neither.
      const url = profile?.url ?? config.storeUrl ?? 'its url';
      storeLogger.error(
        { err: error, storeUrl: url },
        `store ${id} could not start: ${error instanceof Error ? error.message : String(error)}. Check that the store at ${url} (its url in the stores file) is up and answering, and its login; tried again in a while, or when the stores file changes`,
      );
    }
  }

  private async stopStore(id: string): Promise<void> {
    const running = this.running.get(id);
    if (!running) return;
    this.running.delete(id);
    try {
      await running.stop?.();
    } finally {
      await running.app.close();
    }
  }

  private retryFailed(): void {
    const failed = [...this.running.entries()].filter(([, running]) => running.failedAt !== null);
    if (failed.length === 0) return;
    this.queue(async () => {
      for (const [id, running] of failed) {
        if (this.running.get(id) !== running) continue;
        await this.stopStore(id);
        await this.startStore(id, this.profiles.get(id) ?? null, running.profile);
      }
    });
  }

  private redis(server: RedisServer): Promise<RedisClient> {
    this.sharedRedis ??= loadQueue().then(({ openRedis }) => openRedis(server, this.options.logger, 'shared'));
    return this.sharedRedis;
  }
}

/** How many stores one deployment starts side by side. */
const STARTS_AT_ONCE = 8;

/** A store's scope (store/identity.ts): what the leases spread, the same in every process. */
function scopeOf(profile: StoreProfile): string {
  return storeScope({ url: profile.url, account: profile.email });
}

/** A file's inode, size and modification time, or 'missing': what a look compares. */
function stampOf(file: string): string {
  try {
    const stats = statSync(file);
    return `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
  } catch {
    return 'missing';
  }
}
