/** The store settings a command cannot do without, and what it says when one is missing. */
import { ConfigError } from './error.ts';
import { ENV_NAMES, type Config, type Settings } from './settings.ts';

export interface StoreSettings {
  storeUrl: string;
  storeEmail: string;
  storePassword: string;
}

/**
 * The ConfigError for a store setting that is missing: with a stores file and no store picked,
 * the one that asks to pick a store, listing them.
 */
export function missingStoreSetting(config: Pick<Config, 'storesOnOffer'>, key: keyof Settings): ConfigError {
  const offer = config.storesOnOffer;
  if (offer)
    return new ConfigError(
      '--store',
      `${offer.file} lists ${offer.ids.length === 1 ? 'a store' : 'stores'}: pick the one to act on with --store <id> (env STORE): ${offer.ids.join(', ')}`,
    );
  return new ConfigError(ENV_NAMES[key], 'is not set (set it in the environment or pass the flag)');
}

/** The store settings a command needs, or a ConfigError naming the first one missing. */
export function requireStore(config: Config): StoreSettings {
  for (const key of ['storeUrl', 'storeEmail', 'storePassword'] as const) {
    if (!config[key]) throw missingStoreSetting(config, key);
  }
  return { storeUrl: config.storeUrl!, storeEmail: config.storeEmail!, storePassword: config.storePassword! };
}
