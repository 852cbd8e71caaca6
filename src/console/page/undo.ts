/**
 * "Undo this batch": once a batch has ended, the page offers to put back what it changed (POST
 * .../undo). The first press is a dry run: each product and its fields, before → after, and the
 * products left alone with the reason; nothing is sent until "Send the undo". The undo then runs as
 * a batch of its own, which the page follows; a sharp price cut is held by the guard and asked
 * about, as any sheet's is. A product changed since by a later batch is left alone unless the
 * person ticks "Put it back anyway"; the next press then previews again with it included (its
 * before → after in the table) and only the press after that sends.
 */
import { api } from './api.ts';
import { openBatch } from './batch-link.ts';
import { columnLabel, columnName } from './columns.ts';
import { confirmSend } from './confirm.ts';
import { T } from './context.ts';
import { $, el, ltr, messageCell, messageOf, say } from './dom.ts';
import { on } from './events.ts';
import { askGuard, guardOf } from './guard.ts';
import type { BatchJson, UndoAnswer } from './types.ts';

/** The batch the box offers to undo; null when it is hidden. */
let offered: string | null = null;
/** The product_ids changed since that the shown preview includes: what "Send the undo" sends. */
let previewed: number[] = [];

function offerUndo(batch: BatchJson): void {
  offered = batch.status === 'done' && !batch.dryRun ? batch.batchId : null;
  $('undo').hidden = offered === null;
  $('undo-box').hidden = true;
}

function hideUndo(): void {
  offered = null;
  $('undo').hidden = true;
  $('undo-box').hidden = true;
}

async function preview(include: number[] = []): Promise<void> {
  const batchId = offered;
  if (!batchId) return;
  previewed = [];
  $('undo-box').hidden = false;
  $('undo-send').hidden = true;
  $('undo-table').hidden = true;
  $('undo-left-box').hidden = true;
  say('undo-error', '');
  say('undo-status', T.undo_checking);
  try {
    const answer = await api('POST /api/batches/:id/undo', { id: batchId }, { body: { dryRun: true, include } });
    if (offered !== batchId) return;
    previewed = include;
    show(answer);
  } catch (error) {
    say('undo-status', '');
    say('undo-error', `${T.error}: ${messageOf(error)}`);
  }
}

/**
 * The products' column: as the undone batch's sheet named its product ids (`رقم المنتج`), or in
 * the page's words when its header was the store's own field name.
 */
function productHeading(): Node {
  return columnName('product_id') === 'product_id' ? document.createTextNode(T.col_product) : columnLabel('product_id');
}

function show(answer: UndoAnswer): void {
  $('undo-product-head').replaceChildren(productHeading());
  $('undo-rows').replaceChildren(
    ...answer.send.map((send) => {
      const tr = el('tr', null, { 'data-product': String(send.productId) });
      const changes = el('td');
      // A create the undo hides may change nothing the operator typed: its note alone says it.
      if (send.changes) changes.append(ltr(send.changes));
      if (send.note) changes.append(...(send.changes ? [' '] : []), ...messageCell('span', send.note).childNodes);
      if (send.changedSince.length > 0) changes.append(' ', includeBox(send.productId, true));
      // An id, not a quantity: never grouped (1,001).
      const id = el('td');
      id.append(ltr(String(send.productId)));
      tr.append(id, changes);
      return tr;
    }),
  );
  $('undo-table').hidden = answer.send.length === 0;
  $('undo-left').replaceChildren(
    ...answer.left.map((left) => {
      const li = el('li', null, { 'data-code': left.code });
      li.append(
        ltr(left.productId === null ? left.named : String(left.productId)),
        ': ',
        ...messageCell('span', left.reason).childNodes,
      );
      if (includable(left)) li.append(' ', includeBox(left.productId!, false));
      return li;
    }),
  );
  $('undo-left-box').hidden = answer.left.length === 0;
  $('undo-send').hidden = answer.send.length === 0 && !answer.left.some(includable);
  say('undo-status', answer.send.length === 0 ? T.undo_nothing : previewed.length > 0 ? T.undo_included : T.undo_ready);
}

function includable(left: UndoAnswer['left'][number]): boolean {
  return left.code === 'changed_since' && left.productId !== null;
}

/** "Put it back anyway": ticked, the product changed since is included in the next preview. */
function includeBox(productId: number, checked: boolean): HTMLElement {
  const box = el('input', null, { type: 'checkbox', 'data-include': String(productId) });
  box.checked = checked;
  const label = el('label');
  label.append(box, T.undo_include);
  return label;
}

/** The product_ids ticked now, in order. */
function ticked(): number[] {
  return [...$('undo-box').querySelectorAll<HTMLInputElement>('input[data-include]:checked')]
    .map((box) => Number(box.dataset.include))
    .sort((a, b) => a - b);
}

async function send(confirm = false): Promise<void> {
  const batchId = offered;
  if (!batchId) return;
  const include = ticked();
  // What is sent is what was last shown: a changed tick is previewed first.
  if (include.join() !== previewed.join()) return preview(include);
  if (!confirm && !(await confirmSend(`${T.undo_heading} ${batchId}`))) return;
  const button = $<HTMLButtonElement>('undo-send');
  button.disabled = true;
  say('undo-error', '');
  try {
    const answer = await api('POST /api/batches/:id/undo', { id: batchId }, { body: { confirm, include } });
    if (answer.batchId) openBatch(answer.batchId);
    else show(answer);
  } catch (error) {
    const guard = guardOf(error);
    if (guard) {
      if (await askGuard(guard)) await send(true);
      return;
    }
    say('undo-error', `${T.error}: ${messageOf(error)}`);
  } finally {
    button.disabled = false;
  }
}

export function startUndo(): void {
  on('batch-followed', hideUndo);
  on('batch-end', offerUndo);
  on('sheet-uploaded', hideUndo);
  $('undo').addEventListener('click', () => void preview([]));
  $('undo-send').addEventListener('click', () => void send());
}
