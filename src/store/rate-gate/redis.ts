/**
 * The rate gate shared by every worker process: a sliding-window log of requests in one Redis
 * sorted set, kept by Lua scripts that use Redis TIME as the one clock (so hosts' clock skew does
 * not matter). A request is admitted only when fewer than `capacity` entries are in the set: those
 * sent within the last window (scored by when they were sent) and those admitted but not yet sent
 * (scored in the future, so they are never swept: a pass holds its slot until its request leaves).
 * So no window of `windowMs + marginMs` ever holds more than `capacity` requests as the store sees
 * them, however late a process is in sending what it was admitted for, counting every request a
 * client makes (logins and retries included); a 429's Retry-After pauses all workers through one
 * shared key. The rate is the store's, read from Redis on every admission (store-rate.ts).
 *
 * A held slot lapses after `holdMs`, so a process killed between admission and sending frees it in
 * bounded time; a pass older than `lateMs` is therefore never sent (expired()): the client gives it
 * back and asks again. `lateMs` + the connect timeout (the longest a written request waits for its
 * socket) stays below `holdMs` with the defaults (2 s + 5 s < 15 s).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RedisClient } from '../../redis.ts';
import { windowFor, type RateGate, type RatePass } from './gate.ts';
import { callToken } from './call-token.ts';
import { LuaScript } from './lua-script.ts';
import { storeRateKey } from './store-rate.ts';

/** The most waiting callers one admission call asks for (a bound on the script's work). */
const MAX_ASKING = 64;

// The store's rate (store-rate.ts), or the caller's when none is set, as the window's capacity and
// span in microseconds (margin ARGV[2]), and how often to poll a slot held by a request not yet sent.
const WINDOW_OF_RATE = `
local rate = tonumber(redis.call('HGET', KEYS[3], 'rate') or '') or tonumber(ARGV[1])
local capacity = 1
local window = 1000000 / rate
if rate >= 1 then
  capacity = math.floor(rate)
  window = 1000000
end
local span = window + tonumber(ARGV[2])
local poll = math.max(5, math.min(50, math.floor(window / 1000 / capacity)))
`;

// Sends told (ARGV[4]: how many, then each member and its age in microseconds when the call was
// made): each counts from now less its age, never earlier than it really left, as the age was
// taken before the call reached Redis (a lapsed entry is counted again).
const RESCORE_SENT = `
local told = tonumber(ARGV[4])
if told > 0 then
  local sent = {}
  for i = 0, told - 1 do
    sent[#sent + 1] = now - tonumber(ARGV[6 + 2 * i])
    sent[#sent + 1] = ARGV[5 + 2 * i]
    if #sent >= 2000 or i == told - 1 then
      redis.call('ZADD', KEYS[1], unpack(sent))
      sent = {}
    end
  end
  redis.call('PEXPIRE', KEYS[1], math.ceil((span + tonumber(ARGV[3])) / 1000) + 1000, 'GT')
end
local asked = 5 + 2 * told
`;

// Times in microseconds (Redis TIME). First the sends told (RESCORE_SENT). Then admits, in order, as many of the asking members (ARGV[asked..])
// as fewer than `capacity` entries allow after sweeping the sends older than `span`, each holding
// its slot (score now + hold) until its request is sent. Returns {admitted, wait, capacity}: wait is 0 when
// all were admitted, else the milliseconds until the send that frees the next slot leaves the
// window, or a short poll when that slot is held by a request not yet sent. The asking members are
// removed first: a call sent again after a lost reply must not count them against themselves.
// One ZREM and one ZADD for all of them: every waiting row is asked for on each call, so a
// command per member was most of the Redis commands a create cost (issue 41: 4.5 ZREM per create).
const ACQUIRE = new LuaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
${WINDOW_OF_RATE}
${RESCORE_SENT}
local hold = tonumber(ARGV[3])
local asking = #ARGV - asked + 1
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return {0, math.ceil((paused - now) / 1000), capacity} end
if asking > 0 then redis.call('ZREM', KEYS[1], unpack(ARGV, asked)) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - span)
local n = redis.call('ZCARD', KEYS[1])
local admitted = math.max(0, math.min(asking, capacity - n))
if admitted > 0 then
  local held = {}
  for i = 1, admitted do held[2 * i - 1] = now + hold; held[2 * i] = ARGV[asked - 1 + i] end
  redis.call('ZADD', KEYS[1], unpack(held))
  redis.call('PEXPIRE', KEYS[1], math.ceil((span + hold) / 1000) + 1000)
end
if admitted == asking then return {admitted, 0, capacity} end
n = n + admitted
local frees = tonumber(redis.call('ZRANGE', KEYS[1], n - capacity, n - capacity, 'WITHSCORES')[2])
if frees > now then return {admitted, poll, capacity} end
return {admitted, math.max(1, math.ceil((frees + span - now) / 1000)), capacity}
`);

// Sends told when no admission call carried them (RESCORE_SENT's arguments).
const SENT = new LuaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
${WINDOW_OF_RATE}
${RESCORE_SENT}
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
  redis: RedisClient;
  /** Key prefix; the gate uses `<prefix>:rate`, `<prefix>:rate:pause` and `<prefix>:rate:limit`. */
  prefix: string;
  /**
   * Requests per second across every process using the same prefix, while the store's rate
   * (`<prefix>:rate:limit`, store-rate.ts) is not set; once it is, every gate follows it.
   */
  rate: number;
  /**
   * Added to the window, so the store, which sees a request a moment after we start it and with
   * some jitter, never counts more than `rate` in its own 1000 ms window. @defaultValue 25
   */
  marginMs?: number;
  /** How long an admitted request not yet sent keeps its slot. @defaultValue 15000 */
  holdMs?: number;
  /** A pass older than this is not sent (expired()): the caller asks for another. @defaultValue 2000 */
  lateMs?: number;
  /** Wall clock in ms, for expired(). @defaultValue Date.now */
  now?: () => number;
}

export class RedisRateGate implements RateGate {
  private readonly keys: string[];
  private readonly marginUs: number;
  private readonly holdUs: number;
  private readonly lateMs: number;
  private readonly now: () => number;
  /** Callers waiting for a pass, in the order they asked. */
  private readonly waiting: { member: string; admit: (askedAt: number) => void }[] = [];
  private polling = false;
  /**
   * The latest pause this process asked for: a pass asked for before it began is not used while
   * it lasts (another worker's pause is not known here without a round trip; it holds new passes
   * only). A pass asked for since is Redis's to judge, so a pause Redis lost cannot make a caller
   * give back pass after pass.
   */
  private paused = { from: 0, until: 0 };
  /** Members whose requests were sent, not yet told to Redis, with when (performance.now()). */
  private readonly sent: { member: string; at: number }[] = [];
  /**
   * The window's capacity as the last admission found it (the store's rate): a call never asks
   * for more callers than that, as no more could be admitted. Each member asked is an argument
   * to encode and a ZREM in the script: at 10/s, 30-odd waiting rows were asked for on every call,
   * one admitted (issue 41).
   */
  private capacity = MAX_ASKING;

  constructor(private readonly options: RedisRateGateOptions) {
    windowFor(options.rate); // a bad rate fails here, not in Redis
    this.marginUs = (options.marginMs ?? 25) * 1000;
    this.holdUs = (options.holdMs ?? 15_000) * 1000;
    this.lateMs = options.lateMs ?? 2_000;
    this.now = options.now ?? Date.now;
    this.keys = [`${options.prefix}:rate`, `${options.prefix}:rate:pause`, storeRateKey(options.prefix)];
  }

  acquire(): Promise<RatePass> {
    const member = callToken();
    const admitted = new Promise<number>((admit) => this.waiting.push({ member, admit }));
    if (!this.polling) void this.poll();
    return admitted.then((askedAt) => this.passFor(member, askedAt));
  }

  async pause(ms: number): Promise<void> {
    if (ms <= 0) return;
    const now = this.now();
    this.paused = { from: now, until: Math.max(this.paused.until, now + ms) };
    await PAUSE.run(this.options.redis, [this.keys[1]!], [Math.ceil(ms)]);
  }

  private passFor(member: string, askedAt: number): RatePass {
    let settled = false;
    const settle = (script: 'sent' | 'unused') => {
      if (settled) return;
      settled = true;
      // Should Redis not answer, the entry keeps its hold and lapses after holdMs: counted too long, never too short.
      if (script === 'unused') {
        this.options.redis.zrem(this.keys[0]!, member).catch(() => undefined);
        return;
      }
      // While callers wait, told with the next admission call (or when the polling ends): a call
      // of its own per send was a Redis command per request (issue 41). Else the sends of one
      // turn of the event loop in one call. Until told, the slot stays held (counted); told, it
      // counts from its age: never too short.
      if (this.sent.push({ member, at: performance.now() }) === 1 && !this.polling) setImmediate(this.tellSent);
    };
    return {
      sent: () => settle('sent'),
      unused: () => settle('unused'),
      // Measured from before the admitting call was sent, so never shorter than the real age.
      expired: () => {
        const now = this.now();
        return now - askedAt > this.lateMs || (askedAt <= this.paused.from && now < this.paused.until);
      },
    };
  }

  private readonly tellSent = (): void => {
    if (this.sent.length === 0) return;
    SENT.run(this.options.redis, this.keys, [this.options.rate, this.marginUs, this.holdUs, ...this.sentArgs()]).catch(
      () => undefined,
    );
  };

  /** RESCORE_SENT's arguments for the sends not told yet, taken off the list. */
  private sentArgs(): (string | number)[] {
    const told = this.sent.splice(0);
    const now = performance.now();
    // Ages rounded down: a send never counts from earlier than it left.
    return [told.length, ...told.flatMap(({ member, at }) => [member, Math.floor((now - at) * 1000)])];
  }

  /**
   * One Redis call per process at a time, asking for every caller waiting at that moment (up to
   * MAX_ASKING, in order). One call per caller, one after another, made a worker's 32 rows in flight
   * wait 6 ms each for the gate at 50 ms store latency (bench/scale.ts throughput), since rows that
   * end together ask together; asked together they are admitted in one round trip.
   */
  private async poll(): Promise<void> {
    this.polling = true;
    while (this.waiting.length > 0) {
      const asking = this.waiting.slice(0, Math.min(MAX_ASKING, this.capacity));
      const askedAt = this.now();
      let admitted = 0;
      let wait: number;
      try {
        const answer = (await ACQUIRE.run(this.options.redis, this.keys, [
          this.options.rate,
          this.marginUs,
          this.holdUs,
          ...this.sentArgs(),
          ...asking.map((w) => w.member),
        ])) as [number, number, number];
        [admitted, wait] = answer;
        // A rate raised since shows here, and the next call asks for as many more.
        if (answer[2] > 0) this.capacity = answer[2];
      } catch {
        // Redis is restarting or unreachable: no request may start until the gate answers, and
        // failing here would make a create look ambiguous when it was never sent.
        wait = 200;
      }
      // Resolved with the time before the admitting call was sent: expired() is never early.
      for (const waiter of this.waiting.splice(0, admitted)) waiter.admit(askedAt);
      if (this.waiting.length > 0 && wait > 0) await sleep(wait);
    }
    this.polling = false;
    this.tellSent();
  }
}
