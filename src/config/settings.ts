/** Every setting together: one schema from each concern's, the variable that feeds each, and the typed Config. */
import { z } from 'zod';
import { CONSOLE_ENV, consoleSettings } from './console.ts';
import { FOLDER_ENV, folderSettings } from './folders.ts';
import { GUARD_ENV, guardSettings } from './guard.ts';
import { LOG_ENV, logSettings } from './log.ts';
import { NOTIFY_ENV, notifySettings, notifyTogether } from './notify.ts';
import { REDIS_ENV, redisSettings, redisTogether } from './redis.ts';
import { STORE_ENV, storeSettings } from './store.ts';
import { UNDO_ENV, undoSettings } from './undo.ts';

export const configSchema = z
  .object({
    ...storeSettings,
    ...redisSettings,
    ...folderSettings,
    ...logSettings,
    ...consoleSettings,
    ...notifySettings,
    ...guardSettings,
    ...undoSettings,
  })
  .superRefine((settings, ctx) => {
    /** Settings that only make sense together, each missing one named, and two that exclude each other. */
    const missing = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    redisTogether(settings, missing);
    notifyTogether(settings, missing);
  });

/** The settings one can give (environment, flags, defaults). */
export type Settings = z.infer<typeof configSchema>;

export type Config = Settings & {
  /**
   * RATE or --rate was given, not defaulted. With Redis the rate is the store's, kept beside the
   * queue: a command given one sets it, one without follows it (store/rate-gate/store-rate.ts).
   */
  rateGiven: boolean;
  /**
   * A stores file lists the stores and none was picked (--store): a command that acts on one
   * store says so, listing them (src/stores-file.ts); `worker`, `watch` and `serve` serve them all.
   */
  storesOnOffer?: { file: string; ids: string[] } | undefined;
};

/** Which environment variable (or flag) feeds each setting; error messages name these. */
export const ENV_NAMES: Record<keyof Settings, string> = {
  ...STORE_ENV,
  ...REDIS_ENV,
  ...FOLDER_ENV,
  ...LOG_ENV,
  ...CONSOLE_ENV,
  ...NOTIFY_ENV,
  ...GUARD_ENV,
  ...UNDO_ENV,
};

export type ConfigOverrides = Partial<Record<keyof Settings, string | number | undefined>>;
