/**
 * A process ended (SIGKILL) after a batch ended and before its notification was delivered: the
 * notification is delivered after the restart, once, with the same webhook-id and body, in both
 * modes. Local mode: `import` killed while its attempt waits for an answer, then `watch` started
 * (any later process of the store delivers the outbox). With Redis: the `worker` killed after its
 * first attempt failed, then another worker started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import { resolveConfig } from '../../src/config.ts';
import { createLogger } from '../../src/log.ts';
import { outboxDir } from '../../src/notify/open.ts';
import type { OutboxEntry } from '../../src/notify/outbox.ts';
import { storeIdentityOf } from '../../src/store/identity.ts';
import { until } from '../helpers/until.ts';
import { kill } from '../sync/helpers/processes.ts';
import { newSecret, startReceiver, type Receiver } from './helpers.ts';
import { SHEET } from './world.ts';
import { dropKeys } from '../sync/helpers/redis.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';
import { useSandboxWorld } from '../helpers/use-world.ts';

const BIN = join(import.meta.dirname, '../../bin/catalog-sync.js');

let receiver: Receiver;
let secret: string;
const world = useSandboxWorld('notify-restart');

let children: ChildProcess[];
let prefix: string | null;
beforeEach(async () => {
  secret = newSecret();
  receiver = await startReceiver(secret);
  children = [];
  prefix = null;
});
afterEach(async () => {
  for (const child of children) await kill(child, 'SIGKILL');
  if (prefix) await dropKeys(prefix);
  await receiver.close();
});

function envOf(extra: Record<string, string> = {}): Record<string, string> {
  return {
    STORE_URL: world.sandbox.url,
    STORE_EMAIL: world.sandbox.email,
    STORE_PASSWORD: world.sandbox.password,
    REPORT_DIR: join(world.dir, 'reports'),
    XDG_STATE_HOME: join(world.dir, 'state'),
    NOTIFY_WEBHOOK_URL: receiver.url,
    NOTIFY_WEBHOOK_SECRET: secret,
    RATE: '500',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    ...extra,
  };
}

/** Starts the CLI; resolves once its stderr or stdout says `ready`. */
async function cli(args: string[], env: Record<string, string>, ready: string | null): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  if (ready !== null) await until(() => output.includes(ready), `the command to say "${ready}"`);
  return child;
}

async function sheet(): Promise<string> {
  const file = join(world.dir, 'products.csv');
  await writeFile(file, `${SHEET.join('\n')}\n`);
  return file;
}

it('local mode: import killed while its notification waits for an answer; the next watch delivers it', async () => {
  receiver.answer = () => 'hold';
  const env = envOf();
  const importing = await cli(['import', await sheet()], env, null);
  const first = await receiver.nth(1);
  await kill(importing, 'SIGKILL');

  const outbox = outboxDir(resolveConfig(env), storeIdentityOf(resolveConfig(env)));
  const entryFile = join(
    outbox,
    (await readdir(outbox)).find((name) => name.endsWith('.json'))!,
  );
  const entry = async () => JSON.parse(await readFile(entryFile, 'utf8')) as OutboxEntry;
  expect(await entry()).toMatchObject({ state: 'pending', attempts: 0 });

  receiver.answer = () => 204;
  const drop = join(world.dir, 'drop');
  await mkdir(drop);
  const watching = await cli(['watch', '--dir', drop], env, 'watching');
  const second = await receiver.nth(2);
  await until(async () => (await entry()).state === 'delivered', 'the outbox to record the delivery');
  await kill(watching, 'SIGTERM');

  expect(second.verified).toBe(true);
  expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
  expect(second.body).toBe(first.body);
  expect(JSON.parse(second.body)).toMatchObject({ type: 'batch.finished', data: { status: 'needs_fix', total: 3 } });
  expect(receiver.deliveries).toHaveLength(2);
});

it('with Redis: the worker killed after a failed attempt; the next worker delivers it', async () => {
  prefix = `notify-restart-${randomUUID()}`;
  receiver.answer = () => 503;
  const env = envOf({ REDIS_URL, QUEUE_PREFIX: prefix });
  const worker = await cli(['worker'], env, 'worker started');
  const app = createApp(resolveConfig(env), createLogger({ level: 'silent' }));
  try {
    const summary = await app.runBatch({ file: await sheet() }, { transport: 'redis', waitForWorker: true });
    const first = await receiver.nth(1);
    const notifier = await app.notifier();
    await until(
      async () => (await notifier.ofBatch(summary.batchId))[0]?.state === 'retrying',
      'the failed attempt to be recorded',
    );
    await kill(worker, 'SIGKILL');

    receiver.answer = () => 204;
    await cli(['worker'], env, 'worker started');
    const second = await receiver.nth(2);
    await until(
      async () => (await notifier.ofBatch(summary.batchId))[0]?.state === 'delivered',
      'the delivery to be recorded',
    );
    expect(second.verified).toBe(true);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    expect(receiver.deliveries.map((d) => d.status)).toEqual([503, 204]);
    expect(await notifier.ofBatch(summary.batchId)).toEqual([
      expect.objectContaining({ state: 'delivered', attempts: 2, lastError: 'HTTP 503' }),
    ]);
  } finally {
    await app.close();
  }
});
