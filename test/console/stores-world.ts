/**
 * One console for the stores of a stores file, as `serve` runs it: the file on disk, a real
 * Deployment following it (a store added to the file is served within its poll), each store a
 * sandbox of its own over real HTTP on 127.0.0.1, each with its own console token unless asked
 * otherwise. The agency logs in with TOKEN.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveConfig } from '../../src/config.ts';
import { ConsoleMetrics } from '../../src/console/metrics.ts';
import { openConsole } from '../../src/console/start.ts';
import { Deployment } from '../../src/deployment.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { applyStoresFile } from '../../src/store-choice.ts';
import { TOKEN } from './helpers.ts';
import { startBaseWorld, type BaseWorld } from '../helpers/base-world.ts';

export interface StoreSpec {
  id: string;
  /** A console token of its own (the default); false: reached by the agency's login only. */
  token?: boolean;
  /** The store's own name, as its login says it. */
  name?: { store_name: string; store_name_ar: string };
}

export interface WorldStore {
  id: string;
  sandbox: SandboxHandle;
  /** Its own console token, or null. */
  token: string | null;
  reportDir: string;
  jobsDir: string;
  dropDir: string;
}

export interface StoresWorld extends BaseWorld {
  url: string;
  storesFile: string;
  stores: Record<string, WorldStore>;
  /** fetch with a bearer token (default: the agency's, TOKEN). */
  api(path: string, init?: RequestInit, token?: string): Promise<Response>;
  /** Adds a store (a new sandbox) to the stores file on disk; the running console picks it up. */
  addStore(spec: StoreSpec): Promise<WorldStore>;
  /** Takes a store out of the stores file on disk (its sandbox keeps running until close). */
  removeStore(id: string): Promise<void>;
}

export interface StoresWorldOptions {
  stores: StoreSpec[];
  redis?: boolean;
}

export async function startStoresWorld(options: StoresWorldOptions): Promise<StoresWorld> {
  const world = await startBaseWorld({ name: 'console-stores', redis: options.redis === true });
  const { dir, logger } = world;
  const secrets = join(dir, 'secrets');
  await mkdir(secrets);
  const storesFile = join(dir, 'stores.yaml');
  const reportDir = join(dir, 'reports');
  const stores: Record<string, WorldStore> = {};
  const specs: StoreSpec[] = [];

  const writeStoresFile = async (): Promise<void> => {
    const lines = ['stores:'];
    for (const spec of specs) {
      const store = stores[spec.id]!;
      lines.push(
        `  - id: ${spec.id}`,
        `    url: ${store.sandbox.url}`,
        `    email: ${store.sandbox.email}`,
        `    password_file: ./secrets/${spec.id}`,
        ...(store.token ? [`    console_token_file: ./secrets/${spec.id}.console`] : []),
      );
    }
    await writeFile(storesFile, `${lines.join('\n')}\n`);
  };

  const prepare = async (spec: StoreSpec): Promise<WorldStore> => {
    const sandbox = await startSandbox(spec.name ? { storeName: spec.name } : {});
    await writeFile(join(secrets, spec.id), sandbox.password);
    const token = spec.token === false ? null : `${spec.id}-console-token-${randomUUID()}`;
    if (token) await writeFile(join(secrets, `${spec.id}.console`), `${token}\n`);
    const store: WorldStore = {
      id: spec.id,
      sandbox,
      token,
      reportDir: join(reportDir, spec.id),
      jobsDir: join(dir, 'jobs', spec.id),
      dropDir: join(dir, 'drop', spec.id),
    };
    await mkdir(store.jobsDir, { recursive: true });
    stores[spec.id] = store;
    specs.push(spec);
    return store;
  };

  world.onClose(async () => {
    for (const store of Object.values(stores)) await store.sandbox.close();
  });
  for (const spec of options.stores) await prepare(spec);
  await writeStoresFile();

  const env: Record<string, string> = {
    STORES_FILE: storesFile,
    REPORT_DIR: reportDir,
    JOBS_DIR: join(dir, 'jobs'),
    DROP_DIR: join(dir, 'drop'),
    LEDGER_FILE: join(dir, 'ledger.jsonl'),
    RATE: '200',
    CONCURRENCY: '4',
    ...world.redisEnv,
  };
  const { config } = applyStoresFile(resolveConfig(env), env);
  const metrics = new ConsoleMetrics();
  const deployment = new Deployment({
    config,
    storesFile,
    env,
    logger,
    appOptions: {
      observeGate: (gate, store) => metrics.observeGate(gate, store),
      onNotificationAttempt: (count) => metrics.countNotification(count),
    },
    pollMs: 100,
  });
  const opened = await openConsole({
    config,
    logger,
    host: '127.0.0.1',
    port: 0,
    token: TOKEN,
    uploadLimitBytes: 1024 * 1024,
    many: true,
    metrics,
    storeOrder: () => deployment.fileOrder,
  });
  world.onClose(async () => {
    await opened.close();
    await deployment.close();
  });
  await deployment.serve({ start: (app, profile) => opened.serveStore(app, profile) });
  const { url } = await opened.listen();
  return {
    ...world,
    url,
    storesFile,
    stores,
    api: (path, init = {}, token = TOKEN) =>
      fetch(`${url}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) },
      }),
    async addStore(spec) {
      const store = await prepare(spec);
      await writeStoresFile();
      return store;
    },
    async removeStore(id) {
      specs.splice(
        specs.findIndex((spec) => spec.id === id),
        1,
      );
      await writeStoresFile();
    },
  };
}
