/**
 * An undo told field by field, in English or Arabic, before it is sent: each product it puts back
 * (`sale_price 12 → 10`), and each it leaves alone with the reason. The CLI prints it; the
 * console shows the same plan in its own page. Pure.
 */
import { ref, textOf, type Lang, type MessageRef } from '../../messages/index.ts';
import { UNDO_PREVIEW_WORDS } from '../../messages/undo-preview.ts';
import type { UndoPlan, UndoSend } from './plan.ts';

/** A plan's reason or note in `lang`. */
export function refText(ref: MessageRef, lang: Lang): string {
  return textOf({ message: ref.key, messageKey: ref.key, params: ref.params }, lang);
}

type Columns = Readonly<Record<string, string>>;

/** The CLI names the status column as the store does: its reader is an engineer. */
const ENGINEER_COLUMNS: Columns = { product_status: 'product_status' };

/**
 * A plan's note as the reader of `columns` (field -> header) names things: a create hidden by the
 * status names the status column and number when the sheet had that column; else it says so in
 * words alone.
 */
export function noteRef(note: MessageRef, columns: Columns): MessageRef {
  const column = columns.product_status;
  if (note.key !== 'undo.created_hidden' || column === undefined) return note;
  return ref('undo.created_hidden_column', { column, status: note.params.status ?? '' });
}

function shown(value: unknown, lang: Lang): string {
  if (value === undefined) return UNDO_PREVIEW_WORDS[lang].unknown;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * One product's changes: `sale_price 12 → 10, product_status 0 → 1`; with `columns` (the undone
 * batch's field -> header), each field as its sheet named it (`السعر 12 → 10`).
 */
export function changesText(send: UndoSend, lang: Lang, columns: Columns = {}): string {
  const to: Record<string, unknown> = { ...send.values };
  if (send.status !== undefined) to.product_status = send.status;
  return Object.entries(to)
    .map(([field, value]) => `${columns[field] ?? field} ${shown(send.now[field], lang)} → ${shown(value, lang)}`)
    .join(lang === 'ar' ? '، ' : ', ');
}

export function undoPreviewLines(plan: UndoPlan, lang: Lang): string[] {
  const w = UNDO_PREVIEW_WORDS[lang];
  const lines = [w.head(plan.batch, plan.send.length, plan.left.length)];
  for (const send of plan.send) {
    const notes = [
      ...(send.note ? [refText(noteRef(send.note, ENGINEER_COLUMNS), lang)] : []),
      ...(send.changedSince.length > 0 ? [w.sinceIncluded(send.changedSince.join(', '))] : []),
    ];
    lines.push(`  product_id ${send.productId}: ${changesText(send, lang)}${notes.map((n) => ` (${n})`).join('')}`);
  }
  if (plan.left.length > 0) lines.push(w.left);
  for (const left of plan.left)
    lines.push(
      `  ${left.productId === null ? left.key : `product_id ${left.productId}`}: ${refText(left.reason, lang)}`,
    );
  lines.push(w.blind);
  return lines;
}
