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
  /** A sheet lowering a price by more than this share of the value last sent is held (src/sync/guard.ts). */
  guardPriceDrop: 0.5,
  /** A sheet changing more than this share of the products catalog-sync knows for the store is held... */
  guardChangeShare: 0.5,
  /** ...once it knows at least this many: on a young store every sheet changes most of them. */
  guardMinKnown: 20,
  /** How many batches' replaced values each product's record keeps: the batches `undo` can put back. */
  undoBatches: 10,
} as const;

/** The id of the one store the environment configures, without a stores file. */
export const DEFAULT_STORE_ID = 'default';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
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

/**
 * A URL setting: read, then `problem` says what is wrong with it (undefined: nothing), else
 * `keep` gives the value kept. `example` completes the message for text that is no URL at all;
 * `quote`: whether that message may repeat the text (not for a URL that may hold a secret).
 */
function urlSetting(parts: {
  example: string;
  quote: boolean;
  problem: (url: URL) => string | undefined;
  keep: (url: URL) => string;
}) {
  return z
    .string()
    .trim()
    .min(1, 'is empty')
    .transform((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        const what = parts.quote ? `"${value}" is not a URL` : 'is not a URL';
        ctx.addIssue({ code: 'custom', message: `${what} (expected e.g. ${parts.example})` });
        return z.NEVER;
      }
      const problem = parts.problem(url);
      if (problem === undefined) return parts.keep(url);
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    });
}

/** https, or http to this machine only: the rule for every address catalog-sync sends to. */
function notHttpsOrLoopback(url: URL): string | undefined {
  return url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))
    ? `must use https (http is allowed only for 127.0.0.1/localhost), got ${url.protocol}//${url.host}`
    : undefined;
}

/** A store's base URL: https, or http on loopback only; no credentials in it. */
export const storeUrlSchema = urlSetting({
  example: 'https://store.example.com',
  quote: true,
  problem: (url) =>
    notHttpsOrLoopback(url) ??
    (url.username || url.password ? 'must not contain credentials; use STORE_EMAIL and STORE_PASSWORD' : undefined),
  // Paths /v1/... are appended to the base, so keep exactly one trailing slash off.
  keep: (url) => url.toString().replace(/\/+$/, ''),
});

/**
 * CONSOLE_URL: where people reach the console (`serve`), e.g. the TLS proxy's
 * https://console.example.com in front of it: its origin, for the session cookie (`Secure` when
 * https), absolute links (in pages and in notifications) and the Origin check. At the root of its
 * host only: the page's links are paths.
 */
const consoleUrl = urlSetting({
  example: 'https://console.example.com',
  quote: true,
  problem: (url) =>
    url.protocol !== 'https:' && url.protocol !== 'http:'
      ? `must be an https URL (the TLS proxy's address), got ${url.protocol}`
      : url.username || url.password
        ? 'must not contain credentials'
        : url.pathname !== '/' || url.search || url.hash
          ? `must be the console's address at the root of its host (e.g. ${url.origin}), without a path or query`
          : undefined,
  keep: (url) => url.origin,
});

/** An e-mail address as people write it: `name@host`, or `Name <name@host>`. */
const MAIL_ADDRESS = /^(?:[^<>@\s][^<>@]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+)$/;

/** NOTIFY_WEBHOOK_URL: https, or http to this machine only (the store's rule), never followed elsewhere. */
const webhookUrl = urlSetting({
  example: 'https://hooks.example.com/catalog-sync',
  quote: false,
  problem: notHttpsOrLoopback,
  keep: (url) => url.toString(),
});

/**
 * NOTIFY_WEBHOOK_SECRET as the Standard Webhooks specification gives it: `whsec_` and the base64
 * of 24 to 64 random bytes (e.g. `whsec_$(openssl rand -base64 32)`). Messages never quote it.
 */
const webhookSecret = z
  .string()
  .trim()
  .refine((value) => /^whsec_[A-Za-z0-9+/]+={0,2}$/.test(value), {
    error: 'must be whsec_ followed by base64 (e.g. whsec_ and the output of openssl rand -base64 32)',
  })
  .refine(
    (value) => {
      const bytes = Buffer.from(value.slice('whsec_'.length), 'base64').length;
      return bytes >= 24 && bytes <= 64;
    },
    { error: 'must hold 24 to 64 bytes after whsec_ (base64 of openssl rand -base64 32 holds 32)' },
  );

/** SMTP_URL: smtp:// (STARTTLS, required but on loopback) or smtps://; it may hold the login. Messages never quote it. */
const smtpUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    {
      error:
        'must be smtp://[user:password@]host[:port] or smtps://... (e.g. smtps://mailer%40shop.example:secret@smtp.example.com)',
    },
  );

/** NOTIFY_EMAIL_TO: comma-separated addresses. */
const mailList = z
  .string()
  .trim()
  .refine((value) => value.split(',').every((one) => MAIL_ADDRESS.test(one.trim())), {
    error: 'must be e-mail addresses separated by commas (e.g. ops@shop.example, owner@shop.example)',
  });

const notifyLang = z.enum(['en', 'ar'], { error: 'must be en or ar' });

/** One node of a Redis Cluster, as REDIS_CLUSTER_NODES lists it. */
export interface RedisNode {
  host: string;
  port: number;
}

/**
 * REDIS_CLUSTER_NODES: `host:port,host:port,...`, some of the cluster's nodes (ioredis finds the
 * rest). An IPv6 address goes in brackets: `[::1]:7000`.
 */
const redisClusterNodes = z
  .string()
  .trim()
  .min(1, 'is empty')
  .transform((value, ctx) => {
    const nodes: RedisNode[] = [];
    for (const entry of value.split(',').map((part) => part.trim())) {
      const match = /^(\[[0-9A-Fa-f:.]+\]|[^\s:/@[\]]+):(\d{1,5})$/.exec(entry);
      const port = Number(match?.[2]);
      if (!match || port < 1 || port > 65_535) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not host:port (expected the cluster's nodes, e.g. 10.0.0.1:7000,10.0.0.2:7000,10.0.0.3:7000)`,
        });
        return z.NEVER;
      }
      nodes.push({ host: match[1]!.replace(/^\[(.*)\]$/, '$1'), port });
    }
    return nodes;
  });

const positiveInt = (what: string) =>
  z.coerce
    .number({ error: `must be a number (${what})` })
    .int('must be a whole number')
    .positive('must be greater than 0');

/** A share from 0 (exclusive) to 1; 1 holds nothing back. */
const share = (what: string) =>
  z.coerce
    .number({ error: `must be a number from 0 to 1 (${what})` })
    .gt(0, 'must be greater than 0 (1 turns the check off)')
    .max(1, 'must be at most 1 (1 turns the check off)');

/** A product_status value (an integer, as products_status takes it). */
const hiddenStatus = z.coerce
  .number({ error: 'must be a whole number (the product_status that hides a product in the store)' })
  .int('must be a whole number');

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
  /** A Redis Cluster instead of one server (REDIS_URL): src/redis.ts. */
  redisClusterNodes: redisClusterNodes.optional(),
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
  /** The local mode's ledger file (LEDGER_FILE); unset: `<stateHome>/catalog-sync/ledger.jsonl` (src/ledger/home.ts). */
  ledgerFile: z.string().min(1).optional(),
  /** Where per-user state lives (XDG_STATE_HOME, default ~/.local/state): the local mode's ledger home. */
  stateHome: z.string().min(1),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    error: 'must be one of fatal, error, warn, info, debug, trace, silent',
  }),
  /** Unset: pretty on a terminal, JSON otherwise (log.ts logFormat). */
  logFormat: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
  consoleUrl: consoleUrl.optional(),
  /** Where a batch's end is POSTed, signed (src/notify/); unset: no webhook. */
  notifyWebhookUrl: webhookUrl.optional(),
  notifyWebhookSecret: webhookSecret.optional(),
  /** The mail server notifications go through (nodemailer); unset: no e-mail. */
  smtpUrl: smtpUrl.optional(),
  /** Comma-separated recipients. */
  notifyEmailTo: mailList.optional(),
  notifyEmailFrom: z
    .string()
    .trim()
    .regex(MAIL_ADDRESS, 'must be one e-mail address (e.g. catalog-sync@shop.example or "Catalog <c@shop.example>")')
    .optional(),
  /** The notifications' language; unset: the store's (src/notify/language.ts). */
  notifyLang: notifyLang.optional(),
  guardPriceDrop: share('0.5: a price more than 50% below the one last sent'),
  guardChangeShare: share('0.5: more than half of the products catalog-sync knows'),
  guardMinKnown: z.coerce
    .number({ error: 'must be a whole number (products known before the change share applies)' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more'),
  undoBatches: z.coerce
    .number({ error: 'must be a whole number (the batches a product record keeps for undo)' })
    .int('must be a whole number')
    .min(0, 'must be 0 (nothing kept: no undo) or more')
    .max(100, 'must be at most 100'),
  /** The product_status that hides a product in the store: what undoing a create sets; unset: creates are only listed. */
  hiddenStatus: hiddenStatus.optional(),
});

/** The guard's settings a store of the stores file may set for itself. */
export const STORE_GUARD_SCHEMAS = { share } as const;

/** The undo settings a store of the stores file may set for itself. */
export const STORE_UNDO_SCHEMAS = { hiddenStatus } as const;

/** The notification settings a store of the stores file may set for itself (src/stores-file.ts). */
export const STORE_NOTIFY_SCHEMAS = { webhookUrl, webhookSecret, mailList, notifyLang } as const;

/** Settings that only make sense together, each missing one named, and two that exclude each other. */
const settingsTogether = (settings: z.infer<typeof configSchema>, ctx: z.RefinementCtx): void => {
  const missing = (path: keyof z.infer<typeof configSchema>, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  // Refused rather than one winning: a process on the other Redis would keep another ledger and
  // another rate for the same store, and nothing would say so.
  if (settings.redisUrl && settings.redisClusterNodes)
    missing(
      'redisClusterNodes',
      'is set together with REDIS_URL: set one of them (REDIS_URL for one Redis server, REDIS_CLUSTER_NODES for a Redis Cluster)',
    );
  if (settings.notifyWebhookUrl && !settings.notifyWebhookSecret)
    missing(
      'notifyWebhookSecret',
      'is not set: NOTIFY_WEBHOOK_URL needs it to sign what it sends (or set NOTIFY_WEBHOOK_SECRET_FILE)',
    );
  // SMTP_URL without NOTIFY_EMAIL_TO is checked with the stores file (store-choice.ts): its stores
  // may each have their own recipients.
  if (settings.smtpUrl && !settings.notifyEmailFrom)
    missing('notifyEmailFrom', 'is not set: SMTP_URL needs the sender address');
  if (!settings.smtpUrl && settings.notifyEmailTo)
    missing('smtpUrl', 'is not set: NOTIFY_EMAIL_TO needs a mail server to send through (or set SMTP_URL_FILE)');
};

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
  redisClusterNodes: 'REDIS_CLUSTER_NODES',
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
  consoleUrl: 'CONSOLE_URL',
  notifyWebhookUrl: 'NOTIFY_WEBHOOK_URL',
  notifyWebhookSecret: 'NOTIFY_WEBHOOK_SECRET',
  smtpUrl: 'SMTP_URL',
  notifyEmailTo: 'NOTIFY_EMAIL_TO',
  notifyEmailFrom: 'NOTIFY_EMAIL_FROM',
  notifyLang: 'NOTIFY_LANG',
  guardPriceDrop: 'GUARD_PRICE_DROP',
  guardChangeShare: 'GUARD_CHANGE_SHARE',
  guardMinKnown: 'GUARD_MIN_KNOWN',
  undoBatches: 'UNDO_BATCHES',
  hiddenStatus: 'HIDDEN_STATUS',
};

/**
 * Secrets that may come from a file instead (`<NAME>_FILE`): kept out of the process environment
 * and shell history. The variable itself wins when both are set.
 */
const SECRET_FILES = {
  storePassword: 'STORE_PASSWORD_FILE',
  notifyWebhookSecret: 'NOTIFY_WEBHOOK_SECRET_FILE',
  smtpUrl: 'SMTP_URL_FILE',
} as const satisfies Partial<Record<keyof Settings, string>>;

export type ConfigOverrides = Partial<Record<keyof Settings, string | number | undefined>>;

type Env = Record<string, string | undefined>;

function fromEnv(env: Env): ConfigOverrides {
  const out: ConfigOverrides = {};
  for (const [key, name] of Object.entries(ENV_NAMES) as [keyof Settings, string][]) {
    const value = env[name];
    if (value !== undefined && value !== '') out[key] = value;
  }
  for (const [key, name] of Object.entries(SECRET_FILES) as [keyof typeof SECRET_FILES, string][]) {
    const file = env[name];
    if (out[key] !== undefined || !file) continue;
    try {
      out[key] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new ConfigError(name, `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
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
  const parsed = configSchema.superRefine(settingsTogether).safeParse(merged);
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
