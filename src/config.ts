/**
 * One typed configuration for every command: defaults, then environment, then CLI flags
 * (src/config/, one file per concern: the store, Redis, folders, the log, the console, notifications,
 * the guard). A bad setting is a ConfigError naming the setting, the value's problem and what is
 * allowed; the CLI prints it and exits with code 2.
 */
export { DEFAULTS, DEFAULT_STORE_ID } from './config/defaults.ts';
export { ConfigError } from './config/error.ts';
export { STORE_GUARD_SCHEMAS } from './config/guard.ts';
export { STORE_NOTIFY_SCHEMAS } from './config/notify.ts';
export { STORE_UNDO_SCHEMAS } from './config/undo.ts';
export type { RedisNode } from './config/redis.ts';
export { missingStoreSetting, requireStore, type StoreSettings } from './config/require-store.ts';
export { resolveConfig } from './config/resolve.ts';
export { ENV_NAMES, type Config, type ConfigOverrides } from './config/settings.ts';
export { storeUrlSchema } from './config/store.ts';
export { isLoopbackHost } from './config/url.ts';
