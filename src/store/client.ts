/**
 * The store API client: the eight operations of vendor-api.md over one shared token cache and
 * rate gate. Every answer is validated; failures are StoreErrors. How many requests are in flight
 * is the caller's cap (the sync engine's row slots, `concurrency`).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { DEFAULTS, requireStore, type Config, type StoreSettings } from '../config.ts';
import { silentLogger, type Logger } from '../log.ts';
import { TokenCache, type LoginResult } from './auth.ts';
import { performCall, storeErrorFrom, type CallAnswer, type CallerDeps, type CallSpec } from './call.ts';
import { HttpTransport } from './http.ts';
import type { z } from 'zod';
import { parseVendorStore, parseWith } from './parse.ts';
import type { RateGate } from './rate-gate/gate.ts';
import { SlidingWindowGate } from './rate-gate/memory.ts';
import { RETRY_POLICY, type BackoffOptions } from './retry.ts';
import { authorizationBody, categoriesBody, taxesBody, taxesNotFoundBody, vouchersBody, writeBody } from './schemas.ts';
import { jwtTimes, refreshAt, statedLifetimeMs, tokenExpiresAt } from './token.ts';
import { StoreError, type StoreOperation } from './errors.ts';
import { storeIdentityOf, type StoreIdentity } from './identity.ts';
import type {
  BrandUpdateRequest,
  Category,
  CreateProductRequest,
  ProductStatusRequest,
  Session,
  StoreApi,
  TaxEntry,
  UpdateProductRequest,
  Voucher,
  WriteOptions,
  WriteResult,
} from './types.ts';

/** The settings the client reads: the store's address and credentials plus the client knobs. */
export type StoreClientSettings = StoreSettings &
  Pick<Config, 'rate' | 'categoriesMethod' | 'requestTimeoutMs' | 'connectTimeoutMs'> &
  Partial<Pick<Config, 'tokenFormat' | 'maxAnswerBytes' | 'keepAliveMs' | 'storeId'>>;

export interface StoreClientOptions {
  /** @defaultValue silentLogger */
  logger?: Logger;
  /** Shared rate gate (e.g. Redis-backed across workers). @defaultValue an in-process SlidingWindowGate at `rate` */
  gate?: RateGate;
  /** Wall clock in ms, for token expiry and Retry-After dates. @defaultValue Date.now */
  now?: () => number;
  /** Jitter source in [0, 1). @defaultValue Math.random */
  random?: () => number;
  /** How retries wait. @defaultValue timers/promises setTimeout */
  sleep?: (ms: number) => Promise<void>;
  /** HTTP attempts per call, retries included. @defaultValue RETRY_POLICY.maxAttempts (store/retry.ts) */
  maxAttempts?: number;
  /** A Retry-After beyond this fails the call RATE_LIMITED instead of waiting. @defaultValue RETRY_POLICY.maxRetryAfterMs */
  maxRetryAfterMs?: number;
  /** Send the token as `Jwt <token>` (the update-brand example). @defaultValue settings.tokenFormat === 'jwt' */
  jwtPrefix?: boolean;
  /** Shorter waits between attempts (tests, benches). @defaultValue RETRY_POLICY's */
  backoff?: BackoffOptions;
}

export class StoreClient implements StoreApi {
  private readonly http: HttpTransport;
  private readonly tokens: TokenCache;
  private readonly deps: CallerDeps;
  private readonly now: () => number;

  constructor(
    private readonly settings: StoreClientSettings,
    options: StoreClientOptions = {},
  ) {
    const logger = options.logger ?? silentLogger;
    this.now = options.now ?? Date.now;
    this.http = new HttpTransport({
      baseUrl: settings.storeUrl.replace(/\/+$/, ''),
      connectTimeoutMs: settings.connectTimeoutMs,
      requestTimeoutMs: settings.requestTimeoutMs,
      maxAnswerBytes: settings.maxAnswerBytes ?? DEFAULTS.maxAnswerBytes,
      keepAliveMs: settings.keepAliveMs ?? DEFAULTS.keepAliveMs,
      jwtPrefix: options.jwtPrefix ?? settings.tokenFormat === 'jwt',
      logger,
    });
    this.tokens = new TokenCache(() => this.login(), this.now);
    this.deps = {
      http: this.http,
      gate: options.gate ?? new SlidingWindowGate({ rate: settings.rate }),
      tokens: () => this.tokens,
      logger,
      now: this.now,
      random: options.random ?? Math.random,
      sleep: options.sleep ?? ((ms) => delay(ms)),
      maxAttempts: options.maxAttempts ?? RETRY_POLICY.maxAttempts,
      maxRetryAfterMs: options.maxRetryAfterMs ?? RETRY_POLICY.maxRetryAfterMs,
      backoff: options.backoff ?? {},
    };
  }

  get identity(): StoreIdentity {
    return storeIdentityOf(this.settings);
  }

  /** The current session, logging in first when there is no usable token. */
  async authorize(): Promise<Session> {
    return (await this.tokens.valid()).session;
  }

  /** Logins made so far (one per token lifetime when all goes well). */
  get loginCount(): number {
    return this.tokens.logins;
  }

  createProduct(product: CreateProductRequest, options?: WriteOptions): Promise<WriteResult> {
    return this.write('create_product', 'POST', '/v1/create_product', product, options);
  }

  updateProduct(product: UpdateProductRequest, options?: WriteOptions): Promise<WriteResult> {
    return this.write('update_product', 'POST', '/v1/update_product', product, options);
  }

  setProductStatus(request: ProductStatusRequest, options?: WriteOptions): Promise<WriteResult> {
    return this.write('products_status', 'POST', '/v1/products_status', request, options);
  }

  updateBrand(brand: BrandUpdateRequest, options?: WriteOptions): Promise<WriteResult> {
    return this.write('brands', 'PUT', '/v1/brands', brand, options);
  }

  async listCategories(): Promise<Category[]> {
    const answer = await this.call({
      operation: 'categories',
      method: this.settings.categoriesMethod,
      path: '/v1/categories',
      authenticated: true,
    });
    return this.successBody('categories', categoriesBody, answer).data;
  }

  async listTaxes(): Promise<TaxEntry[]> {
    const answer = await this.call({
      operation: 'taxes',
      method: 'POST',
      path: '/v1/taxes',
      authenticated: true,
      // The reference's "no result" answer: 404 with a body holding only `message`.
      acceptAnswer: (status, body) => status === 404 && taxesNotFoundBody.safeParse(body).success,
    });
    if (answer.status === 404) return [];
    return this.successBody('taxes', taxesBody, answer).data;
  }

  async listVouchers(): Promise<Voucher[]> {
    const answer = await this.call({
      operation: 'vouchers',
      method: 'POST',
      path: '/v1/vouchers',
      authenticated: true,
    });
    return this.successBody('vouchers', vouchersBody, answer).vouchers;
  }

  /** Closes idle connections (the CLI calls this so the process exits at once). */
  close(): void {
    this.http.close();
  }

  private call(spec: CallSpec): Promise<CallAnswer> {
    return performCall(this.deps, spec);
  }

  private async write(
    operation: StoreOperation,
    method: 'POST' | 'PUT',
    path: string,
    json: object,
    options: WriteOptions = {},
  ): Promise<WriteResult> {
    try {
      return await this.writeOnce(operation, method, path, json, options);
    } catch (error) {
      throw await this.deniedId(operation, error);
    }
  }

  /**
   * The store answers `Access denied` both to a token it refuses and, some stores, to an id that is
   * not theirs. A write naming an id that is still denied after a fresh login is told apart by
   * whether that login works: a token that lists the categories is a good one, so the id is
   * denied (ID_DENIED), not the login (ACCESS_DENIED, "check the store's login").
   */
  private async deniedId(operation: StoreOperation, error: unknown): Promise<unknown> {
    if (!(error instanceof StoreError) || error.code !== 'ACCESS_DENIED' || !NAMES_AN_ID.has(operation)) return error;
    const loginWorks = await this.listCategories().then(
      () => true,
      () => false,
    );
    if (!loginWorks) return error;
    return new StoreError(
      'ID_DENIED',
      `${operation}: the store answered "Access denied" though its login works (a fresh token lists the categories): the id the row names is not one of this store's [ID_DENIED, ${error.attempts} attempts]`,
      { operation, httpStatus: error.httpStatus, attempts: error.attempts, cause: error },
    );
  }

  private async writeOnce(
    operation: StoreOperation,
    method: 'POST' | 'PUT',
    path: string,
    json: object,
    options: WriteOptions,
  ): Promise<WriteResult> {
    const answer = await this.call({
      operation,
      method,
      path,
      json,
      authenticated: true,
      ...(options.beforeSend ? { beforeSend: options.beforeSend } : {}),
      ...(options.requestSlot ? { requestSlot: options.requestSlot } : {}),
    });
    // An empty 2xx body is read as success (create answers `{}`; other bodies are "not shown");
    // a body that is there but not JSON is BAD_RESPONSE (for a create: outcome unknown).
    const body = this.successBody(operation, writeBody, answer.empty ? { ...answer, body: {} } : answer);
    return { httpStatus: answer.status, message: body.message, attempts: answer.attempts };
  }

  /** Validates a 2xx body; a `status: false` in it is the store saying no. */
  private successBody<S extends z.ZodType<{ status?: boolean | undefined; message?: string | undefined }>>(
    operation: StoreOperation,
    schema: S,
    answer: CallAnswer,
  ): z.output<S> {
    const body = parseWith(schema, answer.body, { operation, httpStatus: answer.status, attempts: answer.attempts });
    if (body.status === false) {
      throw storeErrorFrom(
        operation,
        { code: 'REJECTED', httpStatus: answer.status, apiMessage: body.message },
        answer.attempts,
      );
    }
    return body;
  }

  private async login(): Promise<LoginResult> {
    const { storeEmail: email, storePassword: password } = this.settings;
    const answer = await this.call({
      operation: 'authorize',
      method: 'POST',
      path: '/v1/authorization',
      json: { email, password },
      authenticated: false,
    });
    const context = { operation: 'authorize' as const, httpStatus: answer.status, attempts: answer.attempts };
    const body = this.successBody('authorize', authorizationBody, answer);
    const store = parseVendorStore(body.user_info, context);
    const now = this.now();
    const jwt = jwtTimes(body.access_token);
    const expiresAt = tokenExpiresAt(body.expires_in, jwt.exp, now);
    const renewAt = refreshAt(expiresAt, now, statedLifetimeMs(body.expires_in, jwt));
    this.deps.logger.debug({ op: 'authorize', expiresAt: new Date(expiresAt).toISOString() }, 'logged in to the store');
    return { token: body.access_token, expiresAt, refreshAt: renewAt, session: { expiresAt, store } };
  }
}

/** Writes that name an existing id (product_id, brand_id): the ones a store may deny for the id. */
const NAMES_AN_ID: ReadonlySet<StoreOperation> = new Set(['update_product', 'products_status', 'brands']);

/** Builds a client from explicit settings (e.g. `{ ...config, ...requireStore(config) }`). */
export function createStoreClient(settings: StoreClientSettings, options: StoreClientOptions = {}): StoreClient {
  return new StoreClient(settings, options);
}

/** Builds a client from a resolved configuration; throws ConfigError naming a missing setting. */
export function storeClientFromConfig(config: Config, options: StoreClientOptions = {}): StoreClient {
  return new StoreClient({ ...config, ...requireStore(config) }, options);
}
