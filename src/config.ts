/**
 * One typed configuration for every command: defaults here, then environment, then CLI flags.
 * A bad setting is a ConfigError naming the setting, the value's problem and what is allowed;
 * the CLI prints it and exits with code 2.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

export const DEFAULTS = {
  rate: 5,
  concurrency: 4,
  reportDir: './reports',
  categoriesMethod: 'POST',
  tokenFormat: 'bare',
  requestTimeoutMs: 30_000,
  connectTimeoutMs: 5_000,
  /** Far above any answer the reference shows (the largest, a category or voucher list, is kilobytes). */
  maxAnswerBytes: 8 * 1024 * 1024,
  /**
   * Below the idle timeouts of common servers (Node's 5 s; load balancers about 60 s), so a
   * connection is never reused just as the store closes it (store/keep-alive.ts).
   */
  keepAliveMs: 4_000,
  /** Characters in one text cell; see README "choices made where the store reference is silent". */
  maxTextLength: 65_535,
  queuePrefix: 'catalog-sync',
  dropDir: './drop',
  /** A network copy can stall for seconds between chunks; a file is taken only after this much quiet. */
  dropSettleMs: 10_000,
  jobsDir: './jobs',
  logLevel: 'info',
} as const;

/** The id of the one store the environment configures, without a stores file. */
export const DEFAULT_STORE_ID = 'default';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly exitCode = 2;
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(`${setting}: ${message}`);
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** A store's base URL: https, or http on loopback only; no credentials in it. */
export const storeUrlSchema = z
  .string()
  .trim()
  .min(1, 'is empty')
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not a URL (expected e.g. https://store.example.com)` });
      return z.NEVER;
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
      ctx.addIssue({
        code: 'custom',
        message: `must use https (http is allowed only for 127.0.0.1/localhost), got ${url.protocol}//${url.host}`,
      });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: 'must not contain credentials; use STORE_EMAIL and STORE_PASSWORD' });
      return z.NEVER;
    }
    // Paths /v1/... are appended to the base, so keep exactly one trailing slash off.
    return url.toString().replace(/\/+$/, '');
  });

/**
 * Where browsers reach the console (`serve`) when a proxy stands in front of it, e.g. the TLS
 * proxy's https://console.example.com: its origin, for the session cookie (`Secure` when https),
 * absolute links and the Origin check. At the root of its host only: the page's links are paths.
 */
const consolePublicUrl = z
  .string()
  .trim()
  .min(1, 'is empty')
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not a URL (expected e.g. https://console.example.com)` });
      return z.NEVER;
    }
    const problem =
      url.protocol !== 'https:' && url.protocol !== 'http:'
        ? `must be an https URL (the TLS proxy's address), got ${url.protocol}`
        : url.username || url.password
          ? 'must not contain credentials'
          : url.pathname !== '/' || url.search || url.hash
            ? `must be the console's address at the root of its host (e.g. ${url.origin}), without a path or query`
            : undefined;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return url.origin;
  });

const positiveInt = (what: string) =>
  z.coerce
    .number({ error: `must be a number (${what})` })
    .int('must be a whole number')
    .positive('must be greater than 0');

const configSchema = z.object({
  /** The store of the stores file this command acts on (STORE, --store); `default` without one. */
  storeId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,62}$/, 'is not a store id (letters, digits and -)')
    .optional(),
  /** The stores file (STORES_FILE); unset: ./stores.yaml when it exists (src/stores-file.ts). */
  storesFile: z.string().min(1, 'is empty').optional(),
  storeUrl: storeUrlSchema.optional(),
  storeEmail: z.string().trim().min(1, 'is empty').optional(),
  storePassword: z.string().min(1, 'is empty').optional(),
  redisUrl: z
    .string()
    .trim()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  rate: z.coerce
    .number({ error: 'must be a number (requests per second)' })
    .positive('must be greater than 0')
    .max(10_000, 'must be at most 10000'),
  concurrency: positiveInt('parallel requests').max(1_000, 'must be at most 1000'),
  reportDir: z.string().min(1),
  categoriesMethod: z.enum(['GET', 'POST'], { error: 'must be GET or POST' }),
  /** The reference shows the token both bare and as `Jwt <token>`: bare unless the store wants the prefix. */
  tokenFormat: z.enum(['bare', 'jwt'], {
    error: 'must be bare (Authorization-Jwt: <token>) or jwt (Authorization-Jwt: Jwt <token>)',
  }),
  requestTimeoutMs: positiveInt('milliseconds'),
  connectTimeoutMs: positiveInt('milliseconds'),
  maxAnswerBytes: positiveInt('bytes'),
  keepAliveMs: z.coerce
    .number({ error: 'must be a number (milliseconds a connection to the store may stay idle for reuse)' })
    .int('must be a whole number')
    .min(0, 'must be 0 (a new connection for every request) or more')
    .max(60_000, "must be at most 60000 (and below the store's own idle timeout)"),
  maxTextLength: positiveInt('characters'),
  queuePrefix: z.string().regex(/^[A-Za-z0-9_.:-]+$/, 'may hold only letters, digits and _ . : -'),
  dropDir: z.string().min(1),
  dropSettleMs: z.coerce
    .number({ error: 'must be a number (milliseconds)' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more'),
  jobsDir: z.string().min(1),
  /** The embedded ledger's file (LEDGER_FILE); unset: `<stateHome>/catalog-sync/ledger.jsonl` (src/ledger/home.ts). */
  ledgerFile: z.string().min(1).optional(),
  /** Where per-user state lives (XDG_STATE_HOME, default ~/.local/state): the embedded ledger's home. */
  stateHome: z.string().min(1),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    error: 'must be one of fatal, error, warn, info, debug, trace, silent',
  }),
  /** Unset: pretty on a terminal, JSON otherwise (log.ts logFormat). */
  logFormat: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
  consolePublicUrl: consolePublicUrl.optional(),
});

/** The settings one can give (environment, flags, defaults). */
type Settings = z.infer<typeof configSchema>;

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
  storeId: 'STORE',
  storesFile: 'STORES_FILE',
  storeUrl: 'STORE_URL',
  storeEmail: 'STORE_EMAIL',
  storePassword: 'STORE_PASSWORD',
  redisUrl: 'REDIS_URL',
  rate: 'RATE',
  concurrency: 'CONCURRENCY',
  reportDir: 'REPORT_DIR',
  categoriesMethod: 'CATEGORIES_METHOD',
  tokenFormat: 'STORE_TOKEN_FORMAT',
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  connectTimeoutMs: 'CONNECT_TIMEOUT_MS',
  maxAnswerBytes: 'STORE_MAX_ANSWER_BYTES',
  keepAliveMs: 'STORE_KEEP_ALIVE_MS',
  maxTextLength: 'MAX_TEXT_LENGTH',
  queuePrefix: 'QUEUE_PREFIX',
  dropDir: 'DROP_DIR',
  dropSettleMs: 'DROP_SETTLE_MS',
  jobsDir: 'JOBS_DIR',
  ledgerFile: 'LEDGER_FILE',
  stateHome: 'XDG_STATE_HOME',
  logLevel: 'LOG_LEVEL',
  logFormat: 'LOG_FORMAT',
  consolePublicUrl: 'CONSOLE_PUBLIC_URL',
};

export type ConfigOverrides = Partial<Record<keyof Settings, string | number | undefined>>;

type Env = Record<string, string | undefined>;

function fromEnv(env: Env): ConfigOverrides {
  const out: ConfigOverrides = {};
  for (const [key, name] of Object.entries(ENV_NAMES) as [keyof Settings, string][]) {
    const value = env[name];
    if (value !== undefined && value !== '') out[key] = value;
  }
  // A secrets file keeps the password out of the process environment and shell history.
  const passwordFile = env.STORE_PASSWORD_FILE;
  if (out.storePassword === undefined && passwordFile) {
    try {
      out.storePassword = readFileSync(passwordFile, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new ConfigError(
        'STORE_PASSWORD_FILE',
        `cannot read ${passwordFile} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
  return out;
}

function defined(overrides: ConfigOverrides): ConfigOverrides {
  return Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined && v !== ''));
}

/** The XDG default: `$HOME/.local/state` (the process's home when the environment has no HOME). */
function defaultStateHome(env: Env): string {
  return join(env.HOME || homedir(), '.local', 'state');
}

/**
 * Merges defaults, environment and flags (flags win) and validates. Reads only the password file
 * (STORE_PASSWORD_FILE) and, for the state folder's default, the home directory.
 */
export function resolveConfig(env: Env, flags: ConfigOverrides = {}): Config {
  const given = { ...fromEnv(env), ...defined(flags) };
  const merged = { ...DEFAULTS, stateHome: defaultStateHome(env), ...given };
  const parsed = configSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = (issue?.path[0] ?? 'config') as keyof Settings;
    throw new ConfigError(ENV_NAMES[key] ?? String(key), issue?.message ?? 'is invalid');
  }
  return { ...parsed.data, rateGiven: given.rate !== undefined };
}

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
