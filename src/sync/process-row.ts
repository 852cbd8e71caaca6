/**
 * The one row processor both transports run: the ledger's decision, then (in the row's row slot)
 * the plan's calls, with the row's claim made as its first request is about to take its request
 * slot, and the record, then exactly one RowResult. Retries are the store client's alone
 * (store/retry.ts). Collaborators (client, ledger, markers) are passed in.
 */
import type { RowPlan } from '../sheet/types.ts';
import type { RequestSlot, StoreApi, WriteOptions, WriteResult } from '../store/types.ts';
import type { LedgerRow, BatchLedger, RecordDecision } from '../ledger/batch-ledger.ts';
import type { ScriptWrites } from '../ledger/ledger.ts';
import { interruptedCreate } from '../ledger/rules.ts';
import type { RowResult } from '../outcome.ts';
import { said } from '../messages/index.ts';
import { callsFor, outcomeOf, skippedResult, withNote, type CallKind, type CallRecord } from './rules.ts';

/**
 * Remembers, outside this process, that a create was sent for a row, so a job re-run after a
 * crash never sends it twice. What such a row ends as is the ledger's rule (ledger/rules.ts
 * interruptedCreate). A create whose new key the ledger claimed atomically needs none (its
 * `pending` entry stops the re-run: BatchLedger.claimed); these cover creates without a key value,
 * keys that held an earlier entry, and runs without a ledger.
 */
export interface CreateMarkers {
  /**
   * Marks the create as in flight, as its request is about to leave. False when a marker was
   * already there (an attempt of this batch at this row that was cut off).
   */
  begin(row: number): Promise<boolean>;
}

export interface RowProcessorDeps {
  batchId: string;
  client: StoreApi;
  ledger: BatchLedger;
  markers: CreateMarkers;
  /**
   * Runs the row's store calls in a row slot (sync/slots.ts). The ledger's `before` is asked
   * outside it, so rows the ledger skips never wait for a slot and its lookups can cover many rows
   * at once; its `beforeSend` (the claim) and `after` (the record) run inside, with the calls.
   */
  schedule?: (calls: () => Promise<RowResult>) => Promise<RowResult>;
  /** Each HTTP exchange of the row runs in it: the cap on requests in flight (sync/slots.ts). */
  requestSlot?: RequestSlot;
  /** A ledger write failed after the row's calls (the outcome stands); for logging. */
  onLedgerError?: (error: unknown, row: number) => void;
  /**
   * Awaited before a create the ledger lets through takes its slot: the batch's categories are
   * counted before its first create leaves (category-counts.ts). A store failure does not reject
   * (the batch goes without counts); a Redis one does, and the row's job fails unsent.
   */
  beforeCreate?: () => Promise<void>;
  /**
   * Records a row that was sent, in its row slot right after the ledger (the result returned is
   * the one given), with the ledger's writes when it hands them over (BatchLedger.afterWrites):
   * the queue worker makes both in one Redis call (issue 41). A row not sent is the caller's to
   * record; without it, every row is. A rejection rejects processRow: the row's job fails.
   */
  recordInSlot?: (result: RowResult, ledgerWrites: ScriptWrites | null) => Promise<void>;
}

export interface RowWork {
  row: number;
  /** A re-run's row number as first seen (the ledger records it; see LedgerRow). */
  originalRow?: number | undefined;
  plan: RowPlan;
  /** The row's cells as written (the ledger's cheap change check); optional. */
  cells?: readonly string[] | undefined;
}

export async function processRow(work: RowWork, deps: RowProcessorDeps): Promise<RowResult> {
  const { plan, row } = work;
  if (plan.kind === 'skip') return skippedResult(row, plan.reason);
  const ledgerRow: LedgerRow = { batchId: deps.batchId, row, originalRow: work.originalRow, plan, cells: work.cells };
  let decided: RecordDecision;
  try {
    decided = await deps.ledger.before(ledgerRow);
  } catch (error) {
    return ledgerFailure(row, 'ledger.unreadable', error);
  }
  if (decided.result) return withNote(decided.result, plan);
  // A create whose key is linked to a product is sent as an update of it (ledger/links.ts).
  const sent = decided.send === plan ? work : { ...work, plan: decided.send };
  const noted = (result: RowResult) => withNote(result, plan);
  return noted(await sendRow(sent, { ...ledgerRow, plan: sent.plan }, deps, noted));
}

async function sendRow(
  work: RowWork,
  ledgerRow: LedgerRow,
  deps: RowProcessorDeps,
  noted: (result: RowResult) => RowResult,
): Promise<RowResult> {
  const { ledger, recordInSlot } = deps;
  const inSlot = async (): Promise<RowResult> => {
    const result = await runCalls(work, ledgerRow, deps);
    if (result.withheld) return result.row;
    // Recorded before the row slot is let go: a process that stops leaves at most one row per row
    // slot claimed or sent but not recorded (read later as unknown).
    let writes: ScriptWrites | null = null;
    try {
      if (recordInSlot && ledger.afterWrites) writes = await ledger.afterWrites(ledgerRow, result.row);
      else await ledger.after(ledgerRow, result.row);
    } catch (error) {
      // The store call happened: its outcome stands; the ledger just did not learn it.
      deps.onLedgerError?.(error, work.row);
    }
    await recordInSlot?.(noted(result.row), writes);
    return result.row;
  };
  if (work.plan.kind === 'create') await deps.beforeCreate?.();
  return deps.schedule ? deps.schedule(inSlot) : inSlot();
}

/**
 * Thrown by the row's beforeSend hook when the row must not be sent after all: the store client
 * sends nothing and the call rejects with it.
 */
class Withheld extends Error {
  constructor(readonly result: RowResult) {
    super(result.message);
  }
}

/**
 * What runs when the row's first request has its rate-gate pass and token and is about to take its
 * request slot and leave (store/call.ts), never earlier: the ledger's claim, and for a create its
 * in-flight marker. A process stopped while the row waited for the gate or a login has marked
 * nothing, so the row is simply sent after a restart; a row cut off with its create on the wire,
 * or claimed and waiting for a request slot (at most one per 8 slots, sync/slots.ts), ends `unknown`.
 */
function claimOnSend(call: CallKind, work: RowWork, ledgerRow: LedgerRow, deps: RowProcessorDeps): () => Promise<void> {
  return async () => {
    let held: RowResult | null;
    try {
      held = (await deps.ledger.beforeSend?.(ledgerRow)) ?? null;
    } catch (error) {
      throw new Withheld(ledgerFailure(work.row, 'ledger.unmarked', error));
    }
    if (held) throw new Withheld(held);
    // A key the ledger claimed atomically already stops every other attempt at the row, one after
    // a crash included: the marker would be a second Redis round trip on every create's way out.
    if (call !== 'create' || deps.ledger.claimed?.(ledgerRow)) return;
    let first: boolean;
    try {
      first = await deps.markers.begin(work.row);
    } catch (error) {
      throw new MarkerFailed(error);
    }
    if (!first) throw new Withheld(interruptedCreate(work.row, deps.batchId));
  };
}

/** The in-flight marker could not be written: the row's job fails unsent, as any Redis error does. */
class MarkerFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('could not mark the create as in flight', { cause });
  }
}

/** A ledger that cannot answer fails the row unsent: nothing was sent, a later sync retries it. */
function ledgerFailure(row: number, problem: 'ledger.unreadable' | 'ledger.unmarked', error: unknown): RowResult {
  return {
    row,
    outcome: 'failed',
    ...said(problem, { detail: messageOf(error) }),
    httpStatus: null,
    attempts: 0,
    code: 'LEDGER',
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The plan's calls, each sent once (the store client retries within its policy), then one outcome;
 * `withheld` when the first call's beforeSend stopped the row before anything was sent.
 */
async function runCalls(
  work: RowWork,
  ledgerRow: LedgerRow,
  deps: RowProcessorDeps,
): Promise<{ row: RowResult; withheld: boolean }> {
  const records: CallRecord[] = [];
  for (const [index, call] of callsFor(work.plan).entries()) {
    const options: WriteOptions = index === 0 ? { beforeSend: claimOnSend(call, work, ledgerRow, deps) } : {};
    if (deps.requestSlot) options.requestSlot = deps.requestSlot;
    try {
      const result = await send(call, work.plan, deps.client, options);
      records.push({ call, result, error: undefined, attempts: result.attempts });
    } catch (error) {
      if (error instanceof Withheld) return { row: error.result, withheld: true };
      if (error instanceof MarkerFailed) throw error.cause;
      records.push({ call, result: undefined, error, attempts: attemptsOf(error) });
      // SAME_STATUS: the product already has that status, a success (`unchanged`).
      if (!(call === 'status' && isCode(error, 'SAME_STATUS'))) break;
    }
  }
  return { row: outcomeOf(work.row, records), withheld: false };
}

function send(call: CallKind, plan: RowPlan, client: StoreApi, options: WriteOptions): Promise<WriteResult> {
  switch (call) {
    case 'create':
      if (plan.kind !== 'create') break;
      return client.createProduct(plan.payload, options);
    case 'update':
      if (plan.kind !== 'update') break;
      return client.updateProduct(plan.payload, options);
    case 'status':
      if (plan.kind === 'status') return client.setProductStatus(plan.payload, options);
      if (plan.kind === 'update' && plan.status !== undefined) {
        return client.setProductStatus({ product_id: plan.payload.product_id, product_status: plan.status }, options);
      }
      break;
    case 'brand':
      if (plan.kind !== 'brand') break;
      return client.updateBrand(plan.payload, options);
  }
  throw new Error(`plan ${plan.kind} has no ${call} call`);
}

function attemptsOf(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'attempts' in error && typeof error.attempts === 'number')
    return error.attempts;
  return 1;
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

/** Markers for a process that keeps no state across crashes (the local transport). */
export function memoryMarkers(): CreateMarkers {
  const inFlight = new Set<number>();
  return {
    begin: (row) => {
      if (inFlight.has(row)) return Promise.resolve(false);
      inFlight.add(row);
      return Promise.resolve(true);
    },
  };
}
