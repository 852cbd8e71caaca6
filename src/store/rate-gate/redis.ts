/**
 * The rate gate shared by every worker process: a sliding-window log of request starts in one
 * Redis sorted set, reserved by a Lua script that uses Redis TIME as the one clock (so hosts'
 * clock skew does not matter). A request is admitted only when fewer than `capacity` starts lie
 * in the window at that moment, and once it is written the entry moves to that moment (sent()),
 * so the window counts what the store sees, not when we decided. No window of `windowMs + marginMs` ever holds more than
 * `capacity` starts, counting every request a client makes (logins and retries included), and a
 * 429's Retry-After pauses all workers at once through one shared key.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { windowFor, type RateGate } from './gate.ts';
import { LuaScript } from './lua-script.ts';

// Times in microseconds (Redis TIME). Admits a start now when fewer than `capacity` starts lie
// in the last `span`, else returns the milliseconds until the oldest of them leaves the window.
// Deciding at release time (not reserving a future slot) means a caller that wakes up late can
// never squeeze its request closer to the next ones.
const ACQUIRE = new LuaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local capacity = tonumber(ARGV[1])
local span = tonumber(ARGV[2])
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return math.ceil((paused - now) / 1000) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - span)
local n = redis.call('ZCARD', KEYS[1])
if n < capacity then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], math.ceil(span / 1000) + 1000)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], n - capacity, n - capacity, 'WITHSCORES')
return math.max(1, math.ceil((tonumber(oldest[2]) + span - now) / 1000))
`);

// The request was written to the network: count it from now (never earlier than reserved).
const SENT = new LuaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
redis.call('ZADD', KEYS[1], 'GT', now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2]) / 1000) + 1000)
return 1
`);

const PAUSE = new LuaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local untilUs = now + tonumber(ARGV[1]) * 1000
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilUs > current then
  redis.call('SET', KEYS[1], string.format('%.0f', untilUs), 'PX', tonumber(ARGV[1]) + 1000)
end
return 1
`);

export interface RedisRateGateOptions {
  redis: Redis;
  /** Key prefix; the gate uses `<prefix>:rate` and `<prefix>:rate:pause`. */
  prefix: string;
  /** Requests per second across every process using the same prefix. */
  rate: number;
  /**
   * Added to the window, so the store, which sees a request a moment after we start it and with
   * some jitter, never counts more than `rate` in its own 1000 ms window. @defaultValue 25
   */
  marginMs?: number;
}

export class RedisRateGate implements RateGate {
  private readonly windowKey: string;
  private readonly pauseKey: string;
  private readonly capacity: number;
  private readonly spanUs: number;
  private readonly id = randomBytes(6).toString('hex');
  private counter = 0;
  /** Members released and not yet reported sent, oldest first. */
  private readonly pending: string[] = [];
  /** One Redis poll per process at a time; local callers queue behind it in order. */
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly options: RedisRateGateOptions) {
    const { capacity, windowMs } = windowFor(options.rate);
    this.capacity = capacity;
    this.spanUs = (windowMs + (options.marginMs ?? 25)) * 1000;
    this.windowKey = `${options.prefix}:rate`;
    this.pauseKey = `${options.prefix}:rate:pause`;
  }

  acquire(): Promise<void> {
    const member = `${this.id}:${this.counter++}`;
    const turn = this.tail.then(() => this.admit(member));
    this.tail = turn.catch(() => undefined);
    return turn.then(() => {
      this.pending.push(member);
    });
  }

  /** Called by the store client once the request is on the wire: it counts from then. */
  sent(): void {
    const member = this.pending.shift();
    if (member === undefined) return;
    SENT.run(this.options.redis, [this.windowKey], [member, this.spanUs]).catch(() => undefined);
  }

  async pause(ms: number): Promise<void> {
    if (ms > 0) await PAUSE.run(this.options.redis, [this.pauseKey], [Math.ceil(ms)]);
  }

  private async admit(member: string): Promise<void> {
    for (;;) {
      let wait: number;
      try {
        wait = Number(
          await ACQUIRE.run(this.options.redis, [this.windowKey, this.pauseKey], [this.capacity, this.spanUs, member]),
        );
      } catch {
        // Redis is restarting or unreachable: no request may start until the gate answers, and
        // failing here would make a create look ambiguous when it was never sent.
        wait = 200;
      }
      if (wait <= 0) return;
      await sleep(wait);
    }
  }
}
