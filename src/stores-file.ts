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
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { ConfigError, DEFAULT_STORE_ID, ENV_NAMES, storeUrlSchema, type Config } from './config.ts';

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
    rate: raw.rate,
    concurrency: raw.concurrency,
    dropDir: at(raw.drop_dir),
    jobsDir: at(raw.jobs_dir),
    consoleToken,
  };
}

/** The ids, for a message that asks to pick one. */
export function storeIds(file: StoresFile): string {
  return file.stores.map((store) => store.id).join(', ');
}

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
    return { config: { ...config, storeId: DEFAULT_STORE_ID }, file: null };
  }
  const file = readStoresFile(path, env);
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

/** A store of the file by id (ids differ whatever their case). */
export function findProfile(file: StoresFile, id: string): StoreProfile | undefined {
  return file.stores.find((store) => store.id.toLowerCase() === id.toLowerCase());
}
