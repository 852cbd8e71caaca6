/**
 * A test world: the base world's sandbox store over real HTTP and temp directory for sheets and
 * reports, and store clients built the way the CLI builds them.
 */
import type { SandboxOptions } from '../../../src/sandbox/index.ts';
import { createStoreClient, type RateGate, type StoreClient } from '../../../src/store/index.ts';
import { startSandboxWorld, type SandboxWorld } from '../../helpers/base-world.ts';

export interface World extends SandboxWorld {
  client(options?: { gate?: RateGate; rate?: number; maxAttempts?: number }): StoreClient;
}

/** `redis`: a key prefix of the world's own on the shared Redis (deleted at close). */
export async function startWorld(options: SandboxOptions = {}, redis = false): Promise<World> {
  const world = await startSandboxWorld({ name: 'sync-test', sandbox: options, redis });
  const { sandbox } = world;
  return {
    ...world,
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
  };
}
