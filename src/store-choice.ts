/**
 * Which store a command acts on, with the stores file applied (src/stores-file.ts reads it): the
 * store picked with --store (STORE), its profile over the environment's settings and a flag over
 * both; or, with none picked, the stores on offer. One store's whole configuration is storeConfig.
 */
import { join } from 'node:path';
import { ConfigError, DEFAULT_STORE_ID, ENV_NAMES, type Config } from './config.ts';
import {
  DEFAULT_STORES_FILE,
  findStoresFile,
  readStoresFile,
  storeIds,
  StoresFileError,
  type StoreProfile,
  type StoresFile,
} from './stores-file.ts';

/** Settings a flag gave: they win over a store's profile (`import --store x --rate 20`). */
export type FlaggedSettings = ReadonlySet<'rate' | 'concurrency'>;

/**
 * One store's configuration: its profile over the environment's settings (a flag over both). Its
 * reports go to `<REPORT_DIR>/<id>/`, its drop and jobs folders default to `<DIR>/<id>`.
 */
export function storeConfig(base: Config, profile: StoreProfile, flagged: FlaggedSettings = new Set()): Config {
  const rate = flagged.has('rate') ? base.rate : (profile.rate ?? base.rate);
  return {
    ...base,
    storesOnOffer: undefined,
    storeId: profile.id,
    storeUrl: profile.url,
    storeEmail: profile.email,
    storePassword: profile.password,
    rate,
    rateGiven: flagged.has('rate') || profile.rate !== undefined || base.rateGiven,
    concurrency: flagged.has('concurrency') ? base.concurrency : (profile.concurrency ?? base.concurrency),
    reportDir: join(base.reportDir, profile.id),
    dropDir: profile.dropDir ?? join(base.dropDir, profile.id),
    jobsDir: profile.jobsDir ?? join(base.jobsDir, profile.id),
    guardPriceDrop: profile.guardPriceDrop ?? base.guardPriceDrop,
    guardChangeShare: profile.guardChangeShare ?? base.guardChangeShare,
    hiddenStatus: profile.hiddenStatus ?? base.hiddenStatus,
    ...notifySettingsOf(base, profile),
  };
}

/** A store's own notification settings over the deployment's; e-mail needs its SMTP_URL and sender. */
function notifySettingsOf(base: Config, profile: StoreProfile): Partial<Config> {
  const notify = profile.notify;
  if (!notify) return {};
  if (notify.emailTo !== undefined && (!base.smtpUrl || !base.notifyEmailFrom))
    throw new ConfigError(
      base.smtpUrl ? ENV_NAMES.notifyEmailFrom : ENV_NAMES.smtpUrl,
      `is not set: store ${profile.id}'s notify_email_to needs the mail server and sender of the deployment`,
    );
  return {
    ...(notify.webhook ? { notifyWebhookUrl: notify.webhook.url, notifyWebhookSecret: notify.webhook.secret } : {}),
    ...(notify.emailTo !== undefined ? { notifyEmailTo: notify.emailTo } : {}),
    ...(notify.lang !== undefined ? { notifyLang: notify.lang } : {}),
  };
}

export interface StoreChoice {
  config: Config;
  /** The stores file in use; null when there is none. */
  file: StoresFile | null;
}

/**
 * A command's configuration with the stores file applied: the store picked with --store (STORE),
 * or with none picked the stores on offer (a command acting on one store then asks to pick one).
 * Without a stores file the environment's settings are the one store, `default`. The store
 * settings in the environment and a stores file at once are refused: which would win is a guess.
 */
export function applyStoresFile(
  config: Config,
  env: Record<string, string | undefined>,
  flagged: FlaggedSettings = new Set(),
  cwd?: string,
): StoreChoice {
  const path = findStoresFile(config, cwd);
  if (path === null) {
    if (config.storeId !== undefined && config.storeId !== DEFAULT_STORE_ID)
      throw new ConfigError(
        'STORE',
        `"${config.storeId}": there is no stores file to find it in (STORES_FILE, or ./${DEFAULT_STORES_FILE})`,
      );
    checkMailRecipients(config, null);
    return { config: { ...config, storeId: DEFAULT_STORE_ID }, file: null };
  }
  const file = readStoresFile(path, env);
  checkMailRecipients(config, file);
  const inEnvironment = (['storeUrl', 'storeEmail'] as const).filter((key) => config[key] !== undefined);
  if (inEnvironment.length > 0)
    throw new StoresFileError(
      path,
      null,
      `lists the stores, and ${inEnvironment.map((key) => ENV_NAMES[key]).join(' and ')} ${inEnvironment.length === 1 ? 'is' : 'are'} set too: keep one of the two (with a stores file, pick a store with --store <id>)`,
    );
  if (config.storeId === undefined)
    return { config: { ...config, storesOnOffer: { file: path, ids: file.stores.map((s) => s.id) } }, file };
  const profile = findProfile(file, config.storeId);
  if (!profile) throw new ConfigError('STORE', `"${config.storeId}" is not in ${path} (its stores: ${storeIds(file)})`);
  return { config: storeConfig(config, profile, flagged), file };
}

/**
 * SMTP_URL writes to NOTIFY_EMAIL_TO, and with a stores file to each store's own notify_email_to
 * (a store with neither gets no mail): refused only when it would write to no one at all.
 */
function checkMailRecipients(config: Config, file: StoresFile | null): void {
  if (!config.smtpUrl || config.notifyEmailTo) return;
  if (file === null)
    throw new ConfigError(
      ENV_NAMES.notifyEmailTo,
      `is not set: SMTP_URL needs someone to write to (or, with a stores file, give its stores notify_email_to)`,
    );
  if (!file.stores.some((store) => store.notify?.emailTo !== undefined))
    throw new ConfigError(
      ENV_NAMES.notifyEmailTo,
      `is not set, and no store of ${file.path} has notify_email_to: SMTP_URL needs someone to write to`,
    );
}

/** A store of the file by id (ids differ whatever their case). */
export function findProfile(file: StoresFile, id: string): StoreProfile | undefined {
  return file.stores.find((store) => store.id.toLowerCase() === id.toLowerCase());
}
