/**
 * A console on the base world's sandbox store, over real HTTP on 127.0.0.1 (port 0), with its log
 * lines kept so tests can look for secrets in them. Redis only when asked (its own key prefix).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { createApp } from '../../src/app.ts';
import { resolveConfig } from '../../src/config.ts';
import { ConsoleMetrics } from '../../src/console/metrics.ts';
import { storeIdentityOf } from '../../src/store/identity.ts';
import { storePrefix } from '../../src/sync/queue/keys.ts';
import { openConsole } from '../../src/console/start.ts';
import type { StoreLedger } from '../../src/ledger/open.ts';
import { sandboxWorldFor, type SandboxWorld, type SandboxWorldChoices } from '../helpers/base-world.ts';
import { useWorld, type UseOptions } from '../helpers/use-world.ts';

export const TOKEN = 'console-test-token-0123456789abcdef';

export interface ConsoleWorld extends SandboxWorld {
  url: string;
  reportDir: string;
  /** JOBS_DIR and DROP_DIR: empty folders of this test's own (the drop folder not made yet). */
  jobsDir: string;
  dropDir: string;
  /** Where the store's keys live under queuePrefix (the queue, schedules: sync/queue/keys.ts storePrefix), with Redis. */
  storePrefix?: string;
  /** fetch with the bearer token. */
  api(path: string, init?: RequestInit): Promise<Response>;
  /** The store's ledger, as the console holds it (its records: keys, state, values last sent). */
  ledger(): Promise<StoreLedger>;
}

export interface ConsoleWorldOptions extends SandboxWorldChoices {
  uploadLimitBytes?: number;
  /** A ledger in memory, and with Redis a worker in the console's process (as `serve --sandbox`). */
  rehearsal?: boolean;
  /** REPORT_DIR (default: a folder of the world's own): consoles of two stores may share one. */
  reportDir?: string;
  /** CONSOLE_URL: where browsers reach it, as through a TLS proxy. */
  publicUrl?: string;
  /** With Redis: a worker on the store's queue in the test's process, on the store's own ledger. */
  worker?: boolean;
}

export async function startConsoleWorld(options: ConsoleWorldOptions = {}): Promise<ConsoleWorld> {
  const world = await sandboxWorldFor('console', options);
  const { dir } = world;
  const reportDir = options.reportDir ?? join(dir, 'reports');
  const jobsDir = join(dir, 'jobs');
  const dropDir = join(dir, 'drop');
  await mkdir(jobsDir);
  const config = resolveConfig({
    JOBS_DIR: jobsDir,
    DROP_DIR: dropDir,
    ...world.storeEnv,
    REPORT_DIR: reportDir,
    LEDGER_FILE: join(dir, 'ledger.jsonl'),
    RATE: '200',
    CONCURRENCY: '4',
    ...world.redisEnv,
    ...(options.publicUrl ? { CONSOLE_URL: options.publicUrl } : {}),
    ...options.env,
  });
  // As `serve` makes them: the metrics first, so the app's rate gates are timed.
  const metrics = new ConsoleMetrics();
  const app = createApp(config, world.logger, {
    ledger: options.rehearsal === true ? 'memory' : true,
    observeGate: (gate, store) => metrics.observeGate(gate, store),
    onNotificationAttempt: (count) => metrics.countNotification(count),
  });
  world.onClose(() => app.close());
  const opened = await openConsole({
    config,
    logger: app.logger,
    host: '127.0.0.1',
    port: 0,
    token: TOKEN,
    uploadLimitBytes: options.uploadLimitBytes ?? 1024 * 1024,
    many: false,
    sandbox: options.rehearsal === true,
    metrics,
  });
  const served = await opened.serveStore(app, null);
  const worker = options.redis && options.worker ? await app.startWorker() : null;
  world.onClose(async () => {
    await worker?.close();
    await opened.close();
    await served.stop();
  });
  const running = await opened.listen();
  return {
    ...world,
    url: running.url,
    reportDir,
    jobsDir,
    dropDir,
    ...(config.redisUrl ? { storePrefix: storePrefix(config.queuePrefix, storeIdentityOf(config)) } : {}),
    api: (path, init = {}) =>
      fetch(`${running.url}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${TOKEN}`, ...(init.headers as Record<string, string> | undefined) },
      }),
    ledger: async () => (await app.ledger()).ledger,
  };
}

/** A console world for each test of the file (or with `once`, one for all of them), closed after. */
export function useConsoleWorld(options: ConsoleWorldOptions = {}, use?: UseOptions): ConsoleWorld {
  return useWorld(() => startConsoleWorld(options), use);
}

/** The two places a console keeps its ledger, for `describe.each`: the name, and whether on Redis (with a worker). */
export const LEDGERS = [
  ['the file ledger', false],
  ['Redis, a worker', true],
] as const;

/**
 * For tests that start a world of their own (options of their own): `started(startConsoleWorld(...))`
 * hands the world back and closes it after the test.
 */
export function closedAfterEach(): <W extends { close(): Promise<void> }>(starting: Promise<W>) => Promise<W> {
  const worlds: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const world of worlds.splice(0).reverse()) await world.close();
  });
  return async (starting) => {
    const world = await starting;
    worlds.push(world);
    return world;
  };
}

/** `text` synced as products.csv through POST /api/batches; its batch id, once its events end in done. */
export async function syncedBatch(world: ConsoleWorld, text: string): Promise<string> {
  const res = await world.api('/api/batches', { method: 'POST', body: sheetForm('products.csv', text) });
  expect(res.status).toBe(202);
  const { batchId } = (await res.json()) as { batchId: string };
  expect((await readEvents(world, batchId)).at(-1)).toMatchObject({ status: 'done' });
  return batchId;
}

export function sheetForm(name: string, text: string | Uint8Array, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([text]), name);
  return form;
}

/** Reads a batch's server-sent events to the end; returns every `progress` payload. */
export async function readEvents(world: ConsoleWorld, batchId: string): Promise<Record<string, unknown>[]> {
  const res = await world.api(`/api/batches/${batchId}/events`);
  if (res.status !== 200 || !res.body) throw new Error(`events: HTTP ${res.status}`);
  const events: Record<string, unknown>[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (type === 'progress' && data) events.push(JSON.parse(data) as Record<string, unknown>);
    }
  }
  return events;
}
