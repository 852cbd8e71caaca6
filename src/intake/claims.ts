/**
 * Claims: who works on a file. With Redis, a key set with NX and a time to live that the holder
 * keeps extending (several machines sharing one folder); without Redis, a lock file holding the
 * process id (one machine). A holder that dies loses its claim: the Redis key expires, the lock
 * file names a process that no longer runs.
 */
import { createHash, randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { RedisClient } from '../redis.ts';
import { callToken } from '../store/rate-gate/call-token.ts';

export interface ClaimStore {
  /** True when this process now holds `id`. `hold` keeps it until release (else it just expires). */
  tryClaim(id: string, options?: { hold?: boolean }): Promise<boolean>;
  release(id: string): Promise<void>;
  close(): Promise<void>;
}

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const EXTEND = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export class RedisClaims implements ClaimStore {
  /** Held claims -> the value this process set (extended and released only while it is there). */
  private readonly held = new Map<string, string>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
    private readonly ttlMs = 30_000,
  ) {
    this.timer = setInterval(() => void this.extendAll(), Math.max(50, Math.floor(ttlMs / 3)));
    this.timer.unref();
  }

  async tryClaim(id: string, options: { hold?: boolean } = {}): Promise<boolean> {
    // Each call sets a value of its own: ioredis sends a command again after a reconnect when its
    // reply was lost, and a SET NX that ran the first time finds the key taken. Told by its value,
    // the claim is this call's, not another holder's (the file would wait out the time to live).
    const value = callToken();
    const key = this.key(id);
    const claimed =
      (await this.redis.set(key, value, 'PX', this.ttlMs, 'NX')) === 'OK' || (await this.redis.get(key)) === value;
    if (claimed && options.hold) this.held.set(id, value);
    return claimed;
  }

  async release(id: string): Promise<void> {
    const value = this.held.get(id);
    this.held.delete(id);
    if (value !== undefined) await this.redis.eval(RELEASE, 1, this.key(id), value);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.held.keys()].map((id) => this.release(id)));
  }

  private key(id: string): string {
    return `${this.keyPrefix}:${id}`;
  }

  private async extendAll(): Promise<void> {
    for (const [id, value] of this.held) {
      try {
        await this.redis.eval(EXTEND, 1, this.key(id), value, String(this.ttlMs));
      } catch {
        // Redis away for a moment: the next tick tries again; the TTL covers three ticks.
      }
    }
  }
}

interface LockBody {
  host: string;
  pid: number;
  instance: string;
}

/** FileClaims alive in this process: a lock with our pid but another instance id is stale. */
const LIVE_INSTANCES = new Set<string>();

/** Lock files in one directory; a lock whose process is gone (same host) is taken over. */
export class FileClaims implements ClaimStore {
  private readonly me: LockBody = { host: hostname(), pid: process.pid, instance: randomUUID() };
  private readonly held = new Set<string>();

  constructor(private readonly dir: string) {
    LIVE_INSTANCES.add(this.me.instance);
  }

  async tryClaim(id: string, options: { hold?: boolean } = {}): Promise<boolean> {
    await mkdir(this.dir, { recursive: true });
    const path = this.path(id);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      // Written aside, then linked: the lock appears complete or not at all (link fails if taken).
      const temp = `${path}.${this.me.instance}.tmp`;
      await writeFile(temp, JSON.stringify(this.me));
      try {
        await link(temp, path);
        if (options.hold !== false) this.held.add(id);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        await unlink(temp).catch(() => undefined);
      }
      if (!(await this.isStale(path))) return false;
      // Only one contender's rename of the stale lock succeeds; the others see ENOENT.
      const aside = `${path}.${this.me.instance}.stale`;
      try {
        await rename(path, aside);
        await unlink(aside);
      } catch {
        return false;
      }
    }
    return false;
  }

  async release(id: string): Promise<void> {
    if (!this.held.delete(id)) return;
    await unlink(this.path(id)).catch(() => undefined);
  }

  async close(): Promise<void> {
    await Promise.all([...this.held].map((id) => this.release(id)));
    LIVE_INSTANCES.delete(this.me.instance);
  }

  private path(id: string): string {
    return join(this.dir, `${createHash('sha256').update(id).digest('hex').slice(0, 32)}.lock`);
  }

  private async isStale(path: string): Promise<boolean> {
    let body: LockBody;
    try {
      body = JSON.parse(await readFile(path, 'utf8')) as LockBody;
    } catch {
      return false; // gone: the next claim attempt decides
    }
    if (body.host !== this.me.host) return false; // another machine: trust it
    if (body.pid === this.me.pid) return !LIVE_INSTANCES.has(body.instance); // pid reused (containers)
    return !isAlive(body.pid);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
