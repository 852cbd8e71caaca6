/**
 * What resolving a command's configuration and logger loads (zod, yaml, pino), as one module:
 * context.ts loads it when a command first asks for its configuration, so `--help` loads none of it.
 */
export { DEFAULT_STORE_ID, resolveConfig } from '../config.ts';
export { applyStoresFile } from '../store-choice.ts';
export { createLogger, logFormat } from '../log.ts';
export { loadEnvFile } from './env-file.ts';
