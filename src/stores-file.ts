/**
 * The stores file (`STORES_FILE`, default `./stores.yaml` when it exists): the stores one
 * deployment serves, each with its own address, account, password, rate and folders. Checked whole
 * at start with one message per mistake naming the file, the store and the key; a password is
 * never written in it (a file or an environment variable holds it). Paths are relative to the
 * stores file's folder.
 *
 *   stores:
 *     - id: riyadh-perfumes                      # letters, digits, '-': --store, folders, metrics
 *       url: https://api.example-store.com
 *       email: ops@riyadh-perfumes.example
 *       password_file: ./secrets/riyadh-perfumes # or password_env: NAME
 *       rate: 10                                 # optional: this store's requests per second
 *       concurrency: 4                           # optional
 *       drop_dir: ./drop/riyadh-perfumes         # optional; default <DROP_DIR>/<id>
 *       jobs_dir: ./jobs/riyadh-perfumes         # optional; default <JOBS_DIR>/<id>
 *       console_token_file: ./secrets/riyadh-perfumes.console   # optional: this store's console login
 *       notify_webhook_url: https://hooks.example/riyadh         # optional: this store's own webhook,
 *       notify_webhook_secret_file: ./secrets/riyadh.whsec        #   signed with its own secret (or _env)
 *       notify_email_to: owner@riyadh-perfumes.example           # optional: through SMTP_URL
 *       notify_lang: ar                                          # optional: en | ar
 *       guard_price_drop: 0.3                    # optional: over GUARD_PRICE_DROP
 *       guard_change_share: 0.2                  # optional: over GUARD_CHANGE_SHARE
 *       hidden_status: 0                         # optional: over HIDDEN_STATUS (undo of a create)
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import {
  ConfigError,
  STORE_GUARD_SCHEMAS,
  STORE_NOTIFY_SCHEMAS,
  STORE_UNDO_SCHEMAS,
  storeUrlSchema,
  type Config,
} from './config.ts';
import type { Lang } from './messages/index.ts';

/** The file name looked for in the working directory when STORES_FILE is not set. */
export const DEFAULT_STORES_FILE = 'stores.yaml';

export class StoresFileError extends ConfigError {
  constructor(file: string, where: string | null, message: string) {
    super('STORES_FILE', `${file}${where ? `: ${where}` : ''}: ${message}`);
  }
}

export interface StoreProfile {
  id: string;
  url: string;
  email: string;
  password: string;
  rate?: number | undefined;
  concurrency?: number | undefined;
  /** Absolute; unset: `<DROP_DIR>/<id>`. */
  dropDir?: string | undefined;
  /** Absolute; unset: `<JOBS_DIR>/<id>`. */
  jobsDir?: string | undefined;
  /** This store's own console login, when it has one. */
  consoleToken?: string | undefined;
  /** Where this store's notifications go, over the environment's (NOTIFY_*). */
  notify?: StoreNotify | undefined;
  /** This store's guard thresholds, over GUARD_PRICE_DROP and GUARD_CHANGE_SHARE. */
  guardPriceDrop?: number | undefined;
  guardChangeShare?: number | undefined;
  /** The product_status that hides a product in this store, over HIDDEN_STATUS. */
  hiddenStatus?: number | undefined;
}

/** A store's own notification settings; the mail server and sender stay the deployment's. */
export interface StoreNotify {
  webhook?: { url: string; secret: string } | undefined;
  emailTo?: string | undefined;
  lang?: Lang | undefined;
}

export interface StoresFile {
  /** The file as named (for messages). */
  path: string;
  stores: StoreProfile[];
}

const STORE_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,62}$/;

const profileSchema = z
  .strictObject(
    {
      id: z
        .string({ error: 'is missing' })
        .regex(STORE_ID, 'may hold only letters, digits and - (at most 63, starting with a letter or digit)'),
      url: storeUrlSchema,
      email: z.string({ error: 'is missing' }).trim().min(1, 'is empty'),
      password_file: z.string().min(1, 'is empty').optional(),
      password_env: z
        .string()
        .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name')
        .optional(),
      rate: z
        .number({ error: 'must be a number (requests per second)' })
        .positive('must be greater than 0')
        .max(10_000, 'must be at most 10000')
        .optional(),
      concurrency: z
        .number({ error: 'must be a whole number' })
        .int('must be a whole number')
        .positive('must be greater than 0')
        .max(1_000, 'must be at most 1000')
        .optional(),
      drop_dir: z.string().min(1, 'is empty').optional(),
      jobs_dir: z.string().min(1, 'is empty').optional(),
      console_token_file: z.string().min(1, 'is empty').optional(),
      notify_webhook_url: STORE_NOTIFY_SCHEMAS.webhookUrl.optional(),
      notify_webhook_secret_file: z.string().min(1, 'is empty').optional(),
      notify_webhook_secret_env: z
        .string()
        .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name')
        .optional(),
      notify_email_to: STORE_NOTIFY_SCHEMAS.mailList.optional(),
      notify_lang: STORE_NOTIFY_SCHEMAS.notifyLang.optional(),
      guard_price_drop: STORE_GUARD_SCHEMAS.share('0.5: a price more than 50% below the one last sent').optional(),
      guard_change_share: STORE_GUARD_SCHEMAS.share('0.5: more than half of the products it knows').optional(),
      hidden_status: STORE_UNDO_SCHEMAS.hiddenStatus.optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown key ${issue.keys.join(', ')}` : undefined) },
  )
  .superRefine((value, ctx) => {
    if (value.password_file === undefined && value.password_env === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['password_file'],
        message: 'is missing: give password_file or password_env',
      });
    if (value.password_file !== undefined && value.password_env !== undefined)
      ctx.addIssue({ code: 'custom', path: ['password_env'], message: 'give password_file or password_env, not both' });
    const secrets = [value.notify_webhook_secret_file, value.notify_webhook_secret_env].filter((v) => v !== undefined);
    if (value.notify_webhook_url !== undefined && secrets.length !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['notify_webhook_secret_file'],
        message: 'give notify_webhook_secret_file or notify_webhook_secret_env (one) with notify_webhook_url',
      });
    if (value.notify_webhook_url === undefined && secrets.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['notify_webhook_url'],
        message: 'is missing: the secret signs what it sends',
      });
  });

type RawProfile = z.infer<typeof profileSchema>;

/**
 * The stores file the settings name (STORES_FILE), or `./stores.yaml` when it exists; null when
 * there is none (the environment's settings are then the one store, id `default`).
 */
export function findStoresFile(config: Pick<Config, 'storesFile'>, cwd: string = process.cwd()): string | null {
  if (config.storesFile !== undefined) return config.storesFile;
  const fallback = join(cwd, DEFAULT_STORES_FILE);
  return existsSync(fallback) ? fallback : null;
}

/** Reads and checks the whole file; StoresFileError (exit 2) names the first mistake. */
export function readStoresFile(path: string, env: Record<string, string | undefined>): StoresFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new StoresFileError(path, null, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (error) {
    throw new StoresFileError(path, null, `is not valid YAML (${(error as Error).message.split('\n')[0]})`);
  }
  const list = (parsed as { stores?: unknown } | null)?.stores;
  if (!Array.isArray(list) || list.length === 0)
    throw new StoresFileError(path, 'stores', 'must be a list of at least one store');
  if (typeof parsed === 'object' && parsed !== null) {
    const extra = Object.keys(parsed).filter((key) => key !== 'stores');
    if (extra.length > 0) throw new StoresFileError(path, null, `unknown key ${extra.join(', ')} (only stores)`);
  }
  const base = dirname(resolve(path));
  const seen = new Map<string, number>();
  const stores = list.map((entry, index) => {
    const label = storeLabel(entry, index);
    const result = profileSchema.safeParse(entry);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      const key = issue.path.length > 0 ? issue.path.join('.') : null;
      throw new StoresFileError(path, key ? `${label}: ${key}` : label, issue.message);
    }
    const raw = result.data;
    const earlier = seen.get(raw.id.toLowerCase());
    if (earlier !== undefined)
      throw new StoresFileError(
        path,
        `${label}: id`,
        `"${raw.id}" is the id of stores[${earlier}] too: ids must differ`,
      );
    seen.set(raw.id.toLowerCase(), index);
    return profileOf(raw, label, { path, base, env });
  });
  return { path, stores };
}

function storeLabel(entry: unknown, index: number): string {
  const id = (entry as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id !== '' ? `stores[${index}] (id ${id})` : `stores[${index}]`;
}

function profileOf(
  raw: RawProfile,
  label: string,
  where: { path: string; base: string; env: Record<string, string | undefined> },
): StoreProfile {
  const at = (p: string | undefined) => (p === undefined ? undefined : isAbsolute(p) ? p : resolve(where.base, p));
  const secret = (key: string, file: string): string => {
    try {
      return readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new StoresFileError(
        where.path,
        `${label}: ${key}`,
        `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  };
  let password: string;
  if (raw.password_env !== undefined) {
    const value = where.env[raw.password_env];
    if (!value) throw new StoresFileError(where.path, `${label}: password_env`, `${raw.password_env} is not set`);
    password = value;
  } else password = secret('password_file', at(raw.password_file)!);
  if (password === '') throw new StoresFileError(where.path, `${label}: password`, 'is empty');
  const tokenFile = at(raw.console_token_file);
  const consoleToken = tokenFile === undefined ? undefined : secret('console_token_file', tokenFile);
  if (consoleToken !== undefined && consoleToken.length < 16)
    throw new StoresFileError(where.path, `${label}: console_token_file`, 'holds fewer than 16 characters');
  return {
    id: raw.id,
    url: raw.url,
    email: raw.email,
    password,
    notify: notifyOf(raw, label, where, secret),
    rate: raw.rate,
    concurrency: raw.concurrency,
    guardPriceDrop: raw.guard_price_drop,
    guardChangeShare: raw.guard_change_share,
    hiddenStatus: raw.hidden_status,
    dropDir: at(raw.drop_dir),
    jobsDir: at(raw.jobs_dir),
    consoleToken,
  };
}

function notifyOf(
  raw: RawProfile,
  label: string,
  where: { path: string; base: string; env: Record<string, string | undefined> },
  secret: (key: string, file: string) => string,
): StoreNotify | undefined {
  if (raw.notify_webhook_url === undefined && raw.notify_email_to === undefined && raw.notify_lang === undefined)
    return undefined;
  let webhook: StoreNotify['webhook'];
  if (raw.notify_webhook_url !== undefined) {
    const key = raw.notify_webhook_secret_env ?? 'notify_webhook_secret_file';
    const text =
      raw.notify_webhook_secret_env !== undefined
        ? (where.env[raw.notify_webhook_secret_env] ?? '')
        : secret('notify_webhook_secret_file', resolve(where.base, raw.notify_webhook_secret_file!));
    const checked = STORE_NOTIFY_SCHEMAS.webhookSecret.safeParse(text);
    if (!checked.success)
      throw new StoresFileError(
        where.path,
        `${label}: ${raw.notify_webhook_secret_env !== undefined ? 'notify_webhook_secret_env' : 'notify_webhook_secret_file'}`,
        text === '' ? `${key} is not set` : checked.error.issues[0]!.message,
      );
    webhook = { url: raw.notify_webhook_url, secret: checked.data };
  }
  return { webhook, emailTo: raw.notify_email_to, lang: raw.notify_lang };
}

/** The ids, for a message that asks to pick one. */
export function storeIds(file: StoresFile): string {
  return file.stores.map((store) => store.id).join(', ');
}
