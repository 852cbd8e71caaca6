/**
 * Every payload and every mail, as received, grepped for the store's password, its tokens, the
 * third-party keys its login returns, the webhook secret and the mail server's password; and the
 * places notifications wait (the outbox's files, the Redis queue and states) and the log lines.
 * Through both modes, a batch with problems, one that could not run and the test notification.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, expect, it } from 'vitest';
import { SECRET_VALUES } from '../../src/sandbox/index.ts';
import { openMail } from './helpers.ts';
import { SHEET, startNotifyWorld, type NotifyWorld } from './world.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';
import { keysText } from '../sync/helpers/redis.ts';

const JWT = /eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/;
const WRONG_PASSWORD = 'Wrong-pa55-never-in-a-notification';

const worlds: NotifyWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.close();
});

function secretsOf(world: NotifyWorld): string[] {
  return [
    world.sandbox.password,
    WRONG_PASSWORD,
    ...SECRET_VALUES,
    world.secret,
    world.secret.slice('whsec_'.length),
    world.mail.password,
    encodeURIComponent(world.mail.password),
  ];
}

/** What the receivers got, raw and decoded. */
function received(world: NotifyWorld): string[] {
  const texts: string[] = [];
  for (const delivery of world.receiver.deliveries) texts.push(delivery.body, JSON.stringify(delivery.headers));
  for (const mail of world.mail.mails) {
    const opened = openMail(mail.raw);
    texts.push(
      mail.raw.toString('latin1'),
      opened.subject,
      opened.text,
      ...opened.attachments.map((a) => a.content.toString('utf8')),
    );
  }
  return texts;
}

async function filesUnder(dir: string): Promise<string> {
  // The outbox writes atomically (a temporary file renamed): a file listed can be gone when read.
  // Then the listing is read again, so the file it became is read too.
  for (;;) {
    try {
      let text = '';
      for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])) {
        if (entry.isFile()) text += await readFile(join(entry.parentPath, entry.name), 'utf8');
      }
      return text;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

async function redisUnder(prefix: string): Promise<string> {
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    return await keysText(
      redis,
      keys.filter((key) => key.includes('notify')),
    );
  } finally {
    await redis.quit();
  }
}

function expectClean(texts: readonly string[], secrets: readonly string[], where: string): void {
  expect(texts.length, where).toBeGreaterThan(0);
  for (const text of texts) {
    for (const secret of secrets) expect(text.includes(secret), `${where} holds a secret`).toBe(false);
    expect(text, where).not.toMatch(JWT);
  }
}

it.each([['local mode', false] as const, ['redis mode', true] as const])(
  'no secret in any notification, outbox, queue or log line: %s',
  async (_mode, withRedis) => {
    const world = await startNotifyWorld({ redis: withRedis });
    worlds.push(world);
    const refused = await startNotifyWorld({ redis: withRedis, noMail: true, env: { STORE_PASSWORD: WRONG_PASSWORD } });
    worlds.push(refused);
    for (const one of [world, refused]) await (await one.app.notifier()).startDelivery();
    if (withRedis) {
      const worker = await world.app.startWorker();
      await worker.ready();
      const file = await world.sheet('products.csv', SHEET);
      await world.app.runBatch({ file }, { transport: 'redis', waitForWorker: true });
      await worker.close();
    } else {
      await world.app.runBatch({ file: await world.sheet('products.csv', SHEET) });
    }
    await world.receiver.nth(1);
    await world.mail.nth(1);
    const results = await (await world.app.notifier()).test();
    expect(results.map((r) => [r.channel, r.ok])).toEqual([
      ['webhook', true],
      ['email', true],
    ]);
    // With Redis the login is checked before anything is queued (no worker needed for that).
    await expect(
      refused.app.runBatch({ file: await refused.sheet('products.csv', SHEET) }, { waitForWorker: true }),
    ).rejects.toThrow(/credentials|refused|Invalid/i);
    await refused.receiver.nth(1);

    const typeOf = (body: string): string => (JSON.parse(body) as { type: string }).type;
    expect(world.receiver.deliveries.map((d) => typeOf(d.body))).toEqual(['batch.finished', 'notification.test']);
    expect(typeOf(refused.receiver.deliveries[0]!.body)).toBe('batch.failed');
    for (const one of [world, refused]) {
      const secrets = secretsOf(one);
      expectClean(received(one), secrets, 'what the receivers got');
      expectClean(one.logs, [...secrets, 'receiver-token-7781'], 'the log');
      const waiting = withRedis ? await redisUnder(one.queuePrefix!) : await filesUnder(one.stateHome);
      expectClean([waiting], [...secrets, 'receiver-token-7781'], withRedis ? 'Redis' : 'the outbox');
    }
  },
);
