/**
 * A process ended (SIGKILL) after a batch ended and before its notification was delivered: the
 * notification is delivered after the restart, once, with the same webhook-id and body, in both
 * modes. Local mode: `import` killed while its attempt waits for an answer, then `watch` started
 * (any later process of the store delivers the outbox). With Redis: the `worker` killed after its
 * first attempt failed, then another worker started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxDir } from '../../src/notify/open.ts';
import type { OutboxEntry } from '../../src/notify/outbox.ts';
import { until } from '../helpers/until.ts';
import { useWorld } from '../helpers/use-world.ts';
import { kill } from '../sync/helpers/processes.ts';
import { SHEET, startNotifyWorld, type NotifyWorld, type NotifyWorldOptions } from './world.ts';

const BIN = join(import.meta.dirname, '../../bin/catalog-sync.js');

/** The notify world, webhook only; its commands log at info, where they say they are ready. */
const notifyWorld = (options: NotifyWorldOptions = {}) =>
  useWorld(() => startNotifyWorld({ ...options, noMail: true, env: { LOG_LEVEL: 'info', LOG_FORMAT: 'json' } }));

/** Starts the CLI in the world's environment (killed with it); resolves once it says `ready`. */
async function cli(world: NotifyWorld, args: string[], ready: string | null): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...world.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  world.onClose(() => kill(child, 'SIGKILL'));
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  if (ready !== null) await until(() => output.includes(ready), `the command to say "${ready}"`);
  return child;
}

describe('local mode', () => {
  const world = notifyWorld();

  it('import killed while its notification waits for an answer; the next watch delivers it', async () => {
    const { receiver } = world;
    receiver.answer = () => 'hold';
    const importing = await cli(world, ['import', await world.sheet('products.csv', SHEET)], null);
    const first = await receiver.nth(1);
    await kill(importing, 'SIGKILL');

    const outbox = outboxDir(world.app.config, await world.app.store());
    const entryFile = join(
      outbox,
      (await readdir(outbox)).find((name) => name.endsWith('.json'))!,
    );
    const entry = async () => JSON.parse(await readFile(entryFile, 'utf8')) as OutboxEntry;
    expect(await entry()).toMatchObject({ state: 'pending', attempts: 0 });

    receiver.answer = () => 204;
    const drop = join(world.dir, 'drop');
    await mkdir(drop);
    const watching = await cli(world, ['watch', '--dir', drop], 'watching');
    const second = await receiver.nth(2);
    await until(async () => (await entry()).state === 'delivered', 'the outbox to record the delivery');
    await kill(watching, 'SIGTERM');

    expect(second.verified).toBe(true);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    expect(JSON.parse(second.body)).toMatchObject({ type: 'batch.finished', data: { status: 'needs_fix', total: 3 } });
    expect(receiver.deliveries).toHaveLength(2);
  });
});

describe('with Redis', () => {
  const world = notifyWorld({ redis: true });

  it('the worker killed after a failed attempt; the next worker delivers it', async () => {
    const { receiver, app } = world;
    receiver.answer = () => 503;
    const worker = await cli(world, ['worker'], 'worker started');
    const file = await world.sheet('products.csv', SHEET);
    const summary = await app.runBatch({ file }, { transport: 'redis', waitForWorker: true });
    const first = await receiver.nth(1);
    const notifier = await app.notifier();
    await until(
      async () => (await notifier.ofBatch(summary.batchId))[0]?.state === 'retrying',
      'the failed attempt to be recorded',
    );
    await kill(worker, 'SIGKILL');

    receiver.answer = () => 204;
    await cli(world, ['worker'], 'worker started');
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
  });
});
