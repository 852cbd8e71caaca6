/**
 * What resolving a command's configuration loads (zod, yaml), as one module: context.ts loads it
 * when a command first asks for its configuration, so `--help` loads none of it.
 */
export { DEFAULT_STORE_ID, resolveConfig } from '../config.ts';
export { applyStoresFile } from '../store-choice.ts';
export { loadEnvFile } from './env-file.ts';
