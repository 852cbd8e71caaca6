/** Every setting's default, in one place: the environment and flags override them (resolve.ts). */
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
  /** One worker process per store: more only for a store whose rate one worker cannot reach. */
  storeWorkers: 1,
  /** A worker's heartbeat: a killed one's stores are taken over within 20 s (15 s and a renewal). */
  workerLeaseMs: 15_000,
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
