/**
 * The sync ledger: one record per product and store, what earlier syncs confirmed of it (its
 * state, the batch and row, the values last sent) and every key it is known by, so delta syncs
 * skip unchanged rows, no create is ever sent twice, a preview shows "before" and a product
 * created by barcode is updated by its barcode once its product_id is linked. One interface, two
 * stores (Redis with the queue, a local file for the local mode). Keys and entries are built by
 * the pure functions in rules.ts.
 */

/** A product's fields as last sent and confirmed (the API's names: sale_price, product_status, ...). */
export type SentValues = Readonly<Record<string, unknown>>;

/**
 * `synced`: the store confirmed what `fp` describes. `unknown`: a create whose outcome is not
 * known (it may exist). `pending`: a create about to be sent; if a later run finds it still
 * pending, the process stopped mid-request and the create is treated as unknown.
 */
export type LedgerState = 'synced' | 'unknown' | 'pending';

export interface LedgerEntry {
  /** Fingerprint of what was sent (fingerprint.ts `fingerprintOf`), or a file's content hash. */
  fp: string;
  st: LedgerState;
  /** The batch that wrote the entry, and the sheet row (0 for whole-file entries). */
  batch: string;
  row: number;
  /** Digest of the row as written when confirmed (fingerprint.ts `rowDigestOf`): a delta sync's shortcut. */
  rt?: string;
  /** The product's values as last confirmed, merged field by field over the ones sent before. */
  v?: SentValues;
  /**
   * The record's other keys (links.ts): a product known by its barcode and its product_id is one
   * record, written under both keys, each naming the other, so either finds it in one lookup.
   */
  ln?: readonly string[];
  /** What each of the record's last batches replaced, the newest last (replaced.ts): what undo puts back. */
  u?: readonly ReplacedStep[];
}

/** What one batch replaced in a record: each field it changed, with the value before (null: none known). */
export interface ReplacedStep {
  b: string;
  was: Readonly<Record<string, unknown>>;
  /** The batch created the product. */
  c?: 1;
}

/**
 * What a read needs of each record: `whole`, or `plan`, everything but its undo steps (`u`, left
 * out, not parsed): what a planner reads of every row's record. A record read so is never written back.
 */
export type RecordPart = 'whole' | 'plan';

export interface Ledger {
  /**
   * One answer per key, in order; lookups are batched by the store (one round trip per chunk).
   * `part` defaults to `whole`; a store may hand out the steps with `plan` too (one in memory).
   */
  getMany(keys: readonly string[], part?: RecordPart): Promise<(LedgerEntry | undefined)[]>;
  /**
   * Kept once the promise resolves: Redis acknowledged it, or the file has the lines. The file
   * puts a `pending` entry on disk before resolving; other entries reach the operating system
   * (they survive the process being killed), and the disk when it flushes them or at close.
   */
  setMany(entries: ReadonlyArray<readonly [string, LedgerEntry]>): Promise<void>;
  /**
   * Sets `key` only if it holds nothing (atomic): null when this caller now holds it, else the
   * entry already there. Two creates of one key racing in different processes: one wins.
   */
  claim(key: string, entry: LedgerEntry): Promise<LedgerEntry | null>;
  /** Forgets keys (a `pending` create that surely did not happen, with no earlier entry). */
  deleteMany(keys: readonly string[]): Promise<void>;
  /**
   * How many records it holds, a product linked by two keys counted once (the guard's "products
   * catalog-sync knows"; brand and dropped-file entries are few and count too).
   */
  known(): Promise<number>;
  close(): Promise<void>;
  /** A store held in memory answers at once: its batch ledger then skips batching (no round trip to save). */
  getNow?(key: string): LedgerEntry | undefined;
  /**
   * A Redis store: writes (an entry, or null to forget the key) as the keys and arguments of
   * script-writes.ts ledgerWritesLua, for a caller that makes them in one script with a write of its
   * own in the store's hash slot (the queue worker's result record): one call, not two.
   */
  scriptWrites?(writes: ReadonlyArray<readonly [string, LedgerEntry | null]>): ScriptWrites;
}

/** Ledger writes as a script's part: its three hashes (KEYS, in this order) and its arguments. */
export interface ScriptWrites {
  keys: readonly [string, string, string];
  args: readonly string[];
}

/** A record of a product that has a product_id (listed by ProductRecords.products). */
export interface ProductEntry {
  id: number;
  entry: LedgerEntry;
}

/**
 * The records of a store's products that have a product_id (keyed by it, or linked to it): what
 * a full feed's retire looks through for products the sheet no longer lists. Read a chunk at a
 * time, never all values at once.
 */
export interface ProductRecords {
  /** Each such record once (its product key's copy), in no particular order; read with `for await`. */
  products(): AsyncIterable<ProductEntry> | Iterable<ProductEntry>;
}

/** Whole-file entries (drop folder): the content hash of a file synced successfully. */
export function fileLedgerKey(contentHash: string): string {
  return `f:${contentHash}`;
}
