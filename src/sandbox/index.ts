/**
 * The sandbox store: a real HTTP server that behaves as the store reference says, for tests,
 * benches and rehearsals. Behaviour and choices: docs/sandbox.md.
 */
export { DEMO_EMAIL, DEMO_PASSWORD, startSandbox, withSandbox } from './start.ts';
export { SECRET_FIELDS, SECRET_MARKER, SECRET_VALUES } from './seed.ts';
export { maxInWindow } from './stats.ts';
export { sandboxStoresFile, startSandboxStores, storeEmail } from './stores.ts';
export type { SandboxStoreHandle, SandboxStoresHandle, SandboxStoresOptions } from './stores.ts';
export type {
  FaultKind,
  FaultRule,
  KeepAlive,
  RateLimit,
  SandboxBrand,
  SandboxCategory,
  SandboxHandle,
  SandboxOptions,
  SandboxProduct,
  SandboxRequestRecord,
} from './types.ts';
