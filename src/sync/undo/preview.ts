/**
 * An undo told field by field, in English or Arabic, before it is sent: each product it puts back
 * (`sale_price 12 → 10`), and each it leaves alone with the reason. The CLI prints it; the
 * console shows the same plan in its own page. Pure.
 */
import { textOf, type Lang, type MessageRef } from '../../messages/index.ts';
import { UNDO_PREVIEW_WORDS } from '../../messages/undo-preview.ts';
import type { UndoPlan, UndoSend } from './plan.ts';

/** A plan's reason or note in `lang`. */
export function refText(ref: MessageRef, lang: Lang): string {
  return textOf({ message: ref.key, messageKey: ref.key, params: ref.params }, lang);
}

function shown(value: unknown, lang: Lang): string {
  if (value === undefined) return UNDO_PREVIEW_WORDS[lang].unknown;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * One product's changes: `sale_price 12 → 10, product_status 0 → 1`; with `columns` (the undone
 * batch's field -> header), each field as its sheet named it (`السعر 12 → 10`).
 */
export function changesText(send: UndoSend, lang: Lang, columns: Readonly<Record<string, string>> = {}): string {
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
      ...(send.note ? [refText(send.note, lang)] : []),
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
