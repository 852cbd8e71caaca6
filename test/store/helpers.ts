/** Builds store clients pointed at a sandbox, with test-friendly defaults. */
import type { SandboxHandle } from '../../src/sandbox/index.ts';
import { StoreError } from '../../src/store/errors.ts';
import {
  createStoreClient,
  type StoreClient,
  type StoreClientOptions,
  type StoreClientSettings,
} from '../../src/store/client.ts';

export function settingsFor(
  sandbox: Pick<SandboxHandle, 'url' | 'email' | 'password'>,
  overrides: Partial<StoreClientSettings> = {},
): StoreClientSettings {
  return {
    storeUrl: sandbox.url,
    storeEmail: sandbox.email,
    storePassword: sandbox.password,
    rate: 1000,
    categoriesMethod: 'POST',
    requestTimeoutMs: 5000,
    connectTimeoutMs: 2000,
    ...overrides,
  };
}

/** Retries wait for nothing in these tests: the rules under test are which, not when. */
export const noWait = (): Promise<void> => Promise.resolve();

export function clientFor(
  sandbox: Pick<SandboxHandle, 'url' | 'email' | 'password'>,
  overrides: Partial<StoreClientSettings> = {},
  options: StoreClientOptions = {},
): StoreClient {
  return createStoreClient(settingsFor(sandbox, overrides), { sleep: noWait, ...options });
}

/** The StoreError a promise rejects with (fails the test if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<StoreError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
  throw new Error('expected the call to fail with a StoreError');
}
