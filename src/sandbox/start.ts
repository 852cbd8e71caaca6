/**
 * Starts a sandbox store: one server (host.ts) serving one store (store.ts), its store API
 * (/v1/...) and control API (/__sandbox/...) at the root, and the handle tests and benches drive
 * it with. `catalog-sync sandbox --stores N` serves many from one server instead (stores.ts).
 */
import { hostSandbox, serveStore } from './host.ts';
import { DEMO_EMAIL } from './options.ts';
import { openStore, type SandboxStore } from './store.ts';
import type { SandboxHandle, SandboxOptions } from './types.ts';

export { DEMO_EMAIL, DEMO_PASSWORD } from './options.ts';

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  let store: SandboxStore | undefined;
  const host = await hostSandbox(options, (req, res) => serveStore(store!, req, res));
  try {
    store = openStore(host.url, { ...options, email: options.email ?? DEMO_EMAIL }, host.shared);
  } catch (error) {
    // An option refused (a TypeError naming it): nothing is left listening.
    await host.close();
    throw error;
  }
  return { ...store.control, url: host.url, close: host.close };
}

export async function withSandbox<T>(options: SandboxOptions, fn: (sandbox: SandboxHandle) => Promise<T>): Promise<T> {
  const sandbox = await startSandbox(options);
  try {
    return await fn(sandbox);
  } finally {
    await sandbox.close();
  }
}
