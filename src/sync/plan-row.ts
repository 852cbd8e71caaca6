/**
 * The one planner: what a sheet row will do, decided once, pure. A row and the store's record of
 * its product (the ledger's entry for its key, with the values catalog-sync last sent) go in; a
 * decision comes out: create, update or status change with its field changes, unchanged, skipped,
 * or invalid, each with the outcome the sync reports for a row it does not send. The upload
 * summary counts these decisions, the preview pages through them, the guard tallies them, the dry
 * run adds the store's checks to them, and the engine's ledger step decides by the same rule
 * (ledger/rules.ts decideBefore): so every view says what the sync then does.
 */
import { UNCHANGED_CODE, type LedgerSettings } from '../ledger/batch-ledger.ts';
import { valuesOf } from '../ledger/links.ts';
import { decideRecord, recordKeysOf, type FoundRecord, type RecordKeys } from '../ledger/rules.ts';
import { eachSentValue, sameValue, type SentValues } from '../ledger/values.ts';
import type { PlanAction, RowResult } from '../outcome.ts';
import type { RowPlan, SheetRowResult } from '../sheet/index.ts';
import type { FieldChange, RowChange } from './row-change.ts';
import { invalidResult, skippedResult } from './rules.ts';

export type { PlanAction } from '../outcome.ts';

export type { FieldChange, RowChange } from './row-change.ts';

/**
 * The store's record of a row's product, as the planner reads it: what the ledger holds under the
 * row's own key and under the create key it links (undefined: nothing).
 */
export type ProductRecord = FoundRecord;

export const NO_RECORD: ProductRecord = { own: undefined, link: undefined };

export interface PlanSettings extends LedgerSettings {
  /** The batch the rows belong to, when they are being sent (a batch resumed after a crash). */
  batchId?: string | undefined;
}

/** `keys`: the row's record keys when the caller worked them out to look its record up (once a row). */
export function planRow(
  sheetRow: SheetRowResult,
  record: ProductRecord,
  settings: PlanSettings,
  keys?: RecordKeys | null,
): RowChange {
  const row = sheetRow.originalRow ?? sheetRow.row;
  const values = valuesOf(record.own, record.link);
  const seen = values !== undefined;
  const plan = sheetRow.plan;
  if (plan === null) return notSent('invalid', { ...invalidResult(sheetRow), row }, seen);
  if (plan.kind === 'skip') return notSent('skipped', skippedResult(row, plan.reason), seen);
  const decided = decideRecord(
    plan,
    row,
    keys ?? recordKeysOf(plan, settings.keyColumn),
    record,
    settings,
    settings.batchId,
    sheetRow.cells,
  );
  if (decided.result) {
    const { result } = decided;
    const action = result.outcome === 'invalid' ? 'invalid' : result.code === UNCHANGED_CODE ? 'unchanged' : 'skipped';
    return notSent(action, result, seen);
  }
  // A create whose key is linked to a product is sent as an update of it.
  const sent = decided.send;
  return { row, action: sent.kind === 'skip' ? 'skipped' : sent.kind, changes: changesOf(sent, values), seen };
}

/**
 * A create sends every field; an update the fields it names, of which those that differ show. The
 * fields are visited where the plan holds them (no copy of what it sends, no entry arrays): the
 * guard plans every row of a sheet.
 */
function changesOf(sent: RowPlan, values: SentValues | undefined): FieldChange[] {
  const changes: FieldChange[] = [];
  const every = sent.kind === 'create' || values === undefined;
  eachSentValue(sent, (field, after) => {
    const before = values?.[field];
    if (every || !sameValue(before, after)) changes.push({ field, before: before ?? null, after });
  });
  return changes;
}

function notSent(action: PlanAction, result: RowResult, seen: boolean): RowChange {
  const { row, outcome, code, message, messageKey, params } = result;
  return {
    row,
    action,
    changes: [],
    seen,
    outcome,
    ...(code === undefined ? {} : { code }),
    message,
    ...(messageKey === undefined ? {} : { messageKey, params: params ?? {} }),
  };
}
