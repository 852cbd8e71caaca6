/**
 * An undo's plan as the operator reads it (`POST /api/batches/{id}/undo`): each field by the header
 * the undone batch's sheet gave it (`السعر`), or in words where the sheet had no such column (a
 * status the console set); a create hidden by the undo said in words, its status number shown only
 * when the sheet had a status column whose numbers the operator typed. The CLI prints the same plan
 * with the store's field names (sync/undo/preview.ts). Pure.
 */
import { keyParts } from '../ledger/key-text.ts';
import { FIELD_CHOICES } from '../messages/console.ts';
import type { Lang, MessageRef } from '../messages/index.ts';
import type { UndoPlan, UndoSend } from '../sync/undo/plan.ts';
import { changesText, noteRef, refText } from '../sync/undo/preview.ts';
import type { UndoPlanView } from './answers/undo.ts';

type Columns = Readonly<Record<string, string>>;

export function undoPlanView(plan: UndoPlan, lang: Lang, columns: Columns): UndoPlanView {
  const named = namedColumns(columns, lang);
  return {
    undoes: plan.batch,
    send: plan.send.map((send) => ({
      productId: send.productId,
      changes: changesText(shownSend(send, columns), lang, named),
      ...(send.note ? { note: refText(noteRef(byHeaders(send.note, named), columns), lang) } : {}),
      changedSince: send.changedSince,
    })),
    left: plan.left.map((left) => ({
      key: left.key,
      named: namedKey(left.key, named),
      productId: left.productId,
      code: left.code,
      reason: refText(byHeaders(left.reason, named), lang),
    })),
  };
}

/** A record's key by the header its sheet gave the key column (`Barcode B-1`), not as the ledger spells it. */
function namedKey(key: string, columns: Columns): string {
  const parts = keyParts(key);
  if (parts.kind !== 'create' && parts.kind !== 'product') return key;
  return `${columns[parts.field] ?? parts.field} ${parts.value}`;
}

/** The sheet's headers, and for the fields it had no column for, what the mapping step calls them. */
function namedColumns(columns: Columns, lang: Lang): Columns {
  const words = Object.fromEntries(FIELD_CHOICES.map((choice) => [choice.field, choice[lang]]));
  return { ...words, ...columns };
}

/**
 * A create hidden without a status column in its sheet: its note says so in words, and its
 * changes leave out a status number the operator never typed.
 */
function shownSend(send: UndoSend, columns: Columns): UndoSend {
  if (send.note?.key !== 'undo.created_hidden' || columns.product_status !== undefined) return send;
  const { status: _status, ...rest } = send;
  return rest;
}

/** A reason naming fields (`fields: "sale_price, title"`) naming them by their headers instead. */
function byHeaders(ref: MessageRef, columns: Columns): MessageRef {
  const fields = ref.params.fields;
  if (typeof fields !== 'string') return ref;
  const named = fields
    .split(', ')
    .map((field) => columns[field] ?? field)
    .join(', ');
  return { ...ref, params: { ...ref.params, fields: named } };
}
