/**
 * The local mode's outbox against a real HTTP receiver on 127.0.0.1 that checks every signature with
 * the standardwebhooks package: the retry schedule runs on fake timers (no sleeping), every other
 * wait is on the outbox's own "idle" (its pass over the files has ended).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/log.ts';
import type { AttemptCount } from '../../src/notify/attempt-log.ts';
import type { Notification } from '../../src/notify/notification.ts';
import { Outbox, type OutboxEntry } from '../../src/notify/outbox.ts';
import type { NotifySettings } from '../../src/notify/settings.ts';
import { postWebhook } from '../../src/notify/webhook.ts';
import { newSecret, startReceiver, type Answer, type Receiver } from './helpers.ts';
import { useTempDir } from '../helpers/use-world.ts';
import { finishedEvent, webhookOf } from './events.ts';
const silent = createLogger({ level: 'silent' });

/** A webhook telling batch 20261126-101010-abc123 created its 2 rows. */
const notification = (): Notification => webhookOf(finishedEvent({ batchId: '20261126-101010-abc123' }));

const tmp = useTempDir('outbox');

let receiver: Receiver | null;
beforeEach(() => {
  receiver = null;
});
afterEach(async () => {
  vi.useRealTimers();
  await receiver?.close();
});

async function entries(): Promise<OutboxEntry[]> {
  const names = (await readdir(tmp.dir)).filter((name) => name.endsWith('.json'));
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(join(tmp.dir, name), 'utf8')) as OutboxEntry));
}

/** An outbox in the test's folder posting to a receiver of the test's own that answers `answer`. */
async function outboxTo(answer?: Answer, more: { delays?: number[]; rescanMs?: number } = {}) {
  const secret = newSecret();
  const started = (receiver = await startReceiver(secret, answer));
  const settings: NotifySettings = { webhook: { url: started.url, secret }, email: null, lang: null, consoleUrl: null };
  const counted: AttemptCount[] = [];
  const outbox = new Outbox({ dir: tmp.dir, settings, logger: silent, onAttempt: (c) => counted.push(c), ...more });
  return { outbox, counted, receiver: started };
}

/** Adds the webhook and waits for the outbox's pass over its files (the first attempt) to end. */
async function addAndPass(outbox: Outbox): Promise<void> {
  await outbox.add([notification()]);
  await outbox.idle();
}

/** What an entry holds once it has ended (`state`) after `attempts`: no next attempt is planned. */
const ended = (state: 'delivered' | 'given_up', attempts: number, lastError: string) =>
  ({ state, attempts, nextAttemptAt: null, lastError }) as const;

/** Timers and Date faked; the receiver's HTTP runs on real I/O. */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

/** Moves the fake clock on by `ms`, then waits for the outbox's pass over its files to end. */
async function later(outbox: Outbox, ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await outbox.idle();
}

describe('outbox delivery', () => {
  it('fails twice, then delivers once: the same webhook-id and body each time, 5 s then 30 s apart', async () => {
    fakeClock();
    vi.setSystemTime(new Date('2026-11-26T10:12:00.000Z'));
    const { outbox, counted, receiver } = await outboxTo((n) => (n < 2 ? 500 : 204), { rescanMs: 3_600_000 });

    await addAndPass(outbox);
    expect(receiver.deliveries).toHaveLength(1);
    expect((await entries())[0]).toMatchObject({ state: 'retrying', attempts: 1, lastError: 'HTTP 500' });

    await later(outbox, 4_999);
    expect(receiver.deliveries).toHaveLength(1);
    await later(outbox, 1);
    expect(receiver.deliveries).toHaveLength(2);

    await later(outbox, 29_999);
    expect(receiver.deliveries).toHaveLength(2);
    await later(outbox, 1);
    expect(receiver.deliveries).toHaveLength(3);

    // A day later nothing more went out: delivered once.
    await later(outbox, 24 * 3_600_000);
    expect(receiver.deliveries.map((d) => d.status)).toEqual([500, 500, 204]);
    expect(receiver.deliveries.every((d) => d.verified)).toBe(true);
    expect(new Set(receiver.deliveries.map((d) => d.headers['webhook-id']))).toEqual(
      new Set(['20261126-101010-abc123.finished.webhook']),
    );
    expect(new Set(receiver.deliveries.map((d) => d.body)).size).toBe(1);
    const times = receiver.deliveries.map((d) => Number(d.headers['webhook-timestamp']));
    expect([times[1]! - times[0]!, times[2]! - times[1]!]).toEqual([5, 30]);
    expect(JSON.parse(receiver.deliveries[2]!.body)).toMatchObject({
      type: 'batch.finished',
      data: { status: 'synced' },
    });
    expect(counted.map((c) => c.result)).toEqual(['retrying', 'retrying', 'delivered']);
    expect(await outbox.ofBatch('20261126-101010-abc123')).toEqual([
      expect.objectContaining({ channel: 'webhook', ...ended('delivered', 3, 'HTTP 500') }),
    ]);
    await outbox.close();
  });

  it('gives up after the last attempt of its schedule', async () => {
    fakeClock();
    const { outbox, counted, receiver } = await outboxTo(() => 503, { delays: [1_000, 2_000], rescanMs: 3_600_000 });
    await addAndPass(outbox);
    await later(outbox, 1_000);
    await later(outbox, 2_000);
    await later(outbox, 3_600_000);
    expect(receiver.deliveries).toHaveLength(3);
    expect(counted.map((c) => c.result)).toEqual(['retrying', 'retrying', 'given_up']);
    expect((await entries())[0]).toMatchObject(ended('given_up', 3, 'HTTP 503'));
    await outbox.close();
  });

  it('keeps one notification when a batch is reported twice', async () => {
    const { outbox, receiver } = await outboxTo();
    await addAndPass(outbox);
    await addAndPass(outbox);
    await outbox.close();
    expect(receiver.deliveries).toHaveLength(1);
    expect(await entries()).toHaveLength(1);
  });
});

describe('one webhook attempt', () => {
  it('follows no redirect: a 3xx is a failure, and where it points is never asked', async () => {
    const secret = newSecret();
    receiver = await startReceiver(secret, () => 302);
    const result = await postWebhook({ url: receiver.url, secret }, { id: 'x', body: '{}', nowMs: Date.now() });
    expect(result).toEqual({
      ok: false,
      detail: expect.stringContaining('HTTP 302: redirects are not followed') as unknown,
    });
    expect(receiver.deliveries).toHaveLength(1);
  });

  it('fails when no answer comes within the timeout', async () => {
    const secret = newSecret();
    receiver = await startReceiver(secret, () => 'hold');
    const result = await postWebhook(
      { url: receiver.url, secret },
      { id: 'x', body: '{}', nowMs: Date.now(), timeoutMs: 300 },
    );
    expect(result.ok).toBe(false);
    expect(result.detail).toMatch(/timeout/i);
    expect(result.detail).not.toContain('receiver-token-7781');
  });
});
