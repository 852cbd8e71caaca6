/**
 * A test world: the sandbox store over real HTTP, a temp directory for sheets and reports, and
 * store clients built the way the CLI builds them.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../src/sandbox/index.ts';
import type { StoreIdentity } from '../../../src/store/identity.ts';
import { createStoreClient, type RateGate, type StoreClient } from '../../../src/store/index.ts';

export interface World {
  sandbox: SandboxHandle;
  dir: string;
  /** The sandbox store's identity, as a client of it records batches. */
  store: StoreIdentity;
  client(options?: { gate?: RateGate; rate?: number; maxAttempts?: number }): StoreClient;
  sheet(name: string, lines: string[]): Promise<string>;
  close(): Promise<void>;
}

export async function startWorld(options: SandboxOptions = {}): Promise<World> {
  const sandbox = await startSandbox(options);
  const dir = await mkdtemp(join(tmpdir(), 'sync-test-'));
  return {
    sandbox,
    dir,
    store: { url: sandbox.url, account: sandbox.email },
    client: (opts = {}) =>
      createStoreClient(
        {
          storeUrl: sandbox.url,
          storeEmail: sandbox.email,
          storePassword: sandbox.password,
          rate: opts.rate ?? 10_000,
          categoriesMethod: 'POST',
          requestTimeoutMs: 5_000,
          connectTimeoutMs: 2_000,
        },
        {
          ...(opts.gate ? { gate: opts.gate } : {}),
          ...(opts.maxAttempts ? { maxAttempts: opts.maxAttempts } : {}),
          // Quick retries keep storms short in tests; the policy is the same.
          backoff: { baseMs: 20, capMs: 200 },
        },
      ),
    sheet: async (name, lines) => {
      const file = join(dir, name);
      await writeFile(file, `${lines.join('\n')}\n`);
      return file;
    },
    close: async () => {
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
