/**
 * What undoing a batch does, decided from the store's records alone (each keeps what its last
 * batches replaced, ledger/replaced.ts): for every product the batch changed, an update that puts
 * back the values it had before (its status too), or the reason it is left alone:
 * - changed again by a later batch: "changed since by <batch>", unless the operator includes it;
 * - created by the batch: the store has no delete, so it is switched off by the status that hides
 *   a product (HIDDEN_STATUS) once its product_id is linked; otherwise listed for a person;
 * - no value before the batch known for any field it changed (a product catalog-sync met first in
 *   that batch): nothing to put back.
 * What it cannot see: edits made in the store's admin since (the store API has no product read).
 * Pure.
 */
import { isSecondKey, linkedIdOf } from '../../ledger/links.ts';
import type { LedgerEntry, SentValues } from '../../ledger/ledger.ts';
import { stepOf } from '../../ledger/replaced.ts';
import { ref, type MessageRef } from '../../messages/index.ts';

export interface UndoOptions {
  /** The product_status that hides a product in the store (HIDDEN_STATUS); unset: creates are only listed. */
  hiddenStatus?: number | undefined;
  /** Products changed since that the operator includes anyway, by product_id. */
  include?: ReadonlySet<number>;
  /** Include every product changed since (`--include-changed`). */
  includeChanged?: boolean;
}

/** One product the undo sends: the values to put back (its status apart), and what the record holds now. */
export interface UndoSend {
  productId: number;
  /** Fields and the values they go back to (product_status is `status`). */
  values: SentValues;
  status?: number;
  /** What the record holds now for the fields sent: the preview's "before". */
  now: SentValues;
  /** Later batches that changed it, when it was included all the same. */
  changedSince: string[];
  /** Fields the batch changed whose earlier value nobody knows: left as they are. */
  notKnown: string[];
  /** Why it is sent, when more than putting values back (a create switched off). */
  note?: MessageRef;
}

export type UndoLeftCode = 'changed_since' | 'created_unlinked' | 'created_no_hidden' | 'nothing_known';

/** A product the undo leaves alone, and why. */
export interface UndoLeft {
  /** The record's key: `p:<product_id>`, or the create key of a product whose id is not linked. */
  key: string;
  productId: number | null;
  code: UndoLeftCode;
  reason: MessageRef;
}

export interface UndoPlan {
  batch: string;
  send: UndoSend[];
  left: UndoLeft[];
}

const STATUS = 'product_status';

/** The undo of `batch` over every record of the store (each product once, whichever key it is read by). */
export function planUndo(
  batch: string,
  records: Iterable<readonly [string, LedgerEntry]>,
  options: UndoOptions = {},
): UndoPlan {
  const plan: UndoPlan = { batch, send: [], left: [] };
  for (const [key, entry] of records) {
    if (isSecondKey(key, entry)) continue;
    const found = stepOf(entry.u, batch);
    if (found === null) continue;
    const productId = key.startsWith('p:') ? Number(key.slice(2)) : linkedIdOf(entry);
    const last = found.later.at(-1);
    const included = options.includeChanged === true || (productId !== null && options.include?.has(productId));
    if (last !== undefined && !included) {
      plan.left.push({ key, productId, code: 'changed_since', reason: ref('undo.changed_since', { batch: last }) });
      continue;
    }
    const decided =
      found.step.c === 1
        ? undoCreate(key, entry, productId, options.hiddenStatus)
        : undoUpdate(key, entry, productId, found.step.was);
    if ('code' in decided) plan.left.push(decided);
    else plan.send.push({ ...decided, changedSince: found.later });
  }
  // In product order whatever order the ledger lists its records in (a Redis hash's is its own).
  plan.send.sort((a, b) => a.productId - b.productId);
  plan.left.sort(byProduct);
  return plan;
}

type Decided = Omit<UndoSend, 'changedSince'> | UndoLeft;

/** By product_id, records with none last, then by key. */
function byProduct(a: UndoLeft, b: UndoLeft): number {
  if (a.productId !== b.productId) return (a.productId ?? Infinity) < (b.productId ?? Infinity) ? -1 : 1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

function undoCreate(key: string, entry: LedgerEntry, productId: number | null, hidden: number | undefined): Decided {
  if (productId === null) return { key, productId, code: 'created_unlinked', reason: ref('undo.created_unlinked', {}) };
  if (hidden === undefined)
    return { key, productId, code: 'created_no_hidden', reason: ref('undo.created_no_hidden', {}) };
  return {
    productId,
    values: {},
    status: hidden,
    now: pick(entry.v, [STATUS]),
    notKnown: [],
    note: ref('undo.created_hidden', { status: hidden }),
  };
}

function undoUpdate(
  key: string,
  entry: LedgerEntry,
  productId: number | null,
  was: Readonly<Record<string, unknown>>,
): Decided {
  const values: Record<string, unknown> = {};
  const notKnown: string[] = [];
  let status: number | undefined;
  for (const [field, before] of Object.entries(was)) {
    if (field === STATUS) status = statusBack(before, entry.v?.[STATUS]);
    else if (before === null) notKnown.push(field);
    else values[field] = before;
  }
  if (was[STATUS] !== undefined && status === undefined) notKnown.push(STATUS);
  const fields = Object.keys(was).join(', ');
  if (productId === null || (Object.keys(values).length === 0 && status === undefined))
    return { key, productId, code: 'nothing_known', reason: ref('undo.nothing_known', { fields }) };
  return {
    productId,
    values,
    ...(status === undefined ? {} : { status }),
    now: pick(entry.v, [...Object.keys(values), ...(status === undefined ? [] : [STATUS])]),
    notKnown,
    ...(notKnown.length === 0 ? {} : { note: ref('undo.not_known', { fields: notKnown.join(', ') }) }),
  };
}

/**
 * The status a status change is undone by: the one before it when known; else, for a switch
 * between 0 and 1 (the API's flags), the other one; else none.
 */
function statusBack(before: unknown, now: unknown): number | undefined {
  if (typeof before === 'number') return before;
  if (now === 0 || now === 1) return 1 - now;
  return undefined;
}

function pick(values: SentValues | undefined, fields: readonly string[]): SentValues {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (values?.[field] !== undefined) out[field] = values[field];
  return out;
}
