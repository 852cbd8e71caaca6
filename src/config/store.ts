/** The store's settings: which store, how to reach it and log in, and how fast and how long to talk to it. */
import { z } from 'zod';
import { positiveInt } from './numbers.ts';
import { notHttpsOrLoopback, urlSetting } from './url.ts';

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

export const storeSettings = {
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
  rate: z.coerce
    .number({ error: 'must be a number (requests per second)' })
    .positive('must be greater than 0')
    .max(10_000, 'must be at most 10000'),
  concurrency: positiveInt('parallel requests').max(1_000, 'must be at most 1000'),
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
};

export const STORE_ENV = {
  storeId: 'STORE',
  storesFile: 'STORES_FILE',
  storeUrl: 'STORE_URL',
  storeEmail: 'STORE_EMAIL',
  storePassword: 'STORE_PASSWORD',
  rate: 'RATE',
  concurrency: 'CONCURRENCY',
  categoriesMethod: 'CATEGORIES_METHOD',
  tokenFormat: 'STORE_TOKEN_FORMAT',
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  connectTimeoutMs: 'CONNECT_TIMEOUT_MS',
  maxAnswerBytes: 'STORE_MAX_ANSWER_BYTES',
  keepAliveMs: 'STORE_KEEP_ALIVE_MS',
  maxTextLength: 'MAX_TEXT_LENGTH',
} as const satisfies Record<keyof typeof storeSettings, string>;
