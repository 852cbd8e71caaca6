/**
 * A queued batch's category counts (../category-counts.ts) in its Redis hash, shared by every
 * worker: the first worker about to send one of the batch's creates takes the "before" snapshot
 * under a short lock while the others wait for it, so no create of the batch leaves before it;
 * the report job takes the "after" one. Each field is written once (HSETNX): a snapshot, or the
 * reason there is none.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RedisClient } from '../../redis.ts';
import type { CategoryCounts, CountsSnapshot } from '../../report/category-counts.ts';
import { problemText, type CountsTaker } from '../category-counts.ts';
import type { EngineKeys } from './keys.ts';

const BEFORE = 'counts:before';
const AFTER = 'counts:after';
/** A worker that died holding the lock holds it no longer than this. */
const LOCK_MS = 30_000;
const POLL_MS = 100;
/** How long a create waits for another worker's snapshot before the batch gives up on it. */
const WAIT_MS = 120_000;

type Stored = CountsSnapshot | { problem: string };

export class BatchCounts {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: EngineKeys,
  ) {}

  /** Resolves once the batch has its "before" snapshot, or the reason it has none. Never rejects on the store. */
  async ensureBefore(batchId: string, take: CountsTaker): Promise<void> {
    const hash = this.keys.batch(batchId);
    const lock = this.keys.countsLock(batchId);
    const giveUpAt = Date.now() + WAIT_MS;
    while ((await this.redis.hexists(hash, BEFORE)) === 0) {
      const token = randomUUID();
      if ((await this.redis.set(lock, token, 'PX', LOCK_MS, 'NX')) === 'OK') {
        try {
          await this.redis.hsetnx(hash, BEFORE, JSON.stringify(await snapshotOrProblem('before', take)));
        } finally {
          if ((await this.redis.get(lock)) === token) await this.redis.del(lock);
        }
        return;
      }
      if (Date.now() > giveUpAt) {
        // A later snapshot would count creates already sent: the batch goes without one.
        await this.redis.hsetnx(
          hash,
          BEFORE,
          JSON.stringify({ problem: problemText('before', 'no snapshot in time') }),
        );
        return;
      }
      await sleep(POLL_MS);
    }
  }

  /** After the last row (the report job): the "after" snapshot, once, when there is a "before" one. */
  async takeAfter(batchId: string, take: CountsTaker): Promise<void> {
    const hash = this.keys.batch(batchId);
    const [before = null, after = null] = await this.redis.hmget(hash, BEFORE, AFTER);
    if (before === null || after !== null || 'problem' in parse(before)) return;
    await this.redis.hsetnx(hash, AFTER, JSON.stringify(await snapshotOrProblem('after', take)));
  }

  /** For summary.json: undefined when the batch sent no create. */
  async read(batchId: string): Promise<CategoryCounts | undefined> {
    const [before = null, after = null] = await this.redis.hmget(this.keys.batch(batchId), BEFORE, AFTER);
    if (before === null) return undefined;
    const counts: CategoryCounts = {};
    for (const [which, text] of [
      ['before', before],
      ['after', after],
    ] as const) {
      if (text === null) continue;
      const stored = parse(text);
      if ('problem' in stored) counts.problem = stored.problem;
      else counts[which] = stored;
    }
    return counts;
  }
}

async function snapshotOrProblem(which: 'before' | 'after', take: CountsTaker): Promise<Stored> {
  try {
    return await take();
  } catch (error) {
    return { problem: problemText(which, error) };
  }
}

function parse(text: string): Stored {
  return JSON.parse(text) as Stored;
}
