/**
 * What a sync of the shown sheet would change, row by row, before anything is sent (GET
 * /api/uploads/{id}/preview, paged): create, update or status change, and for an update each
 * field that changes, before -> after. "Before" is what catalog-sync last sent the product (its
 * ledger), not a read of the store; a product it never sent says so.
 */
import { api } from './api.ts';
import { T, textOf } from './context.ts';
import { $, el, fmt, messageCell, messageOf, say } from './dom.ts';
import { on } from './events.ts';
import { columnLabel } from './columns.ts';
import type { ChangeRow, UploadAnswer } from './types.ts';

const PAGE = 100;

let upload = '';
let loaded = 0;

/** The page's category names by id (ChangePage.categories): shown beside a category's id. */
let categoryNames: Record<string, string> = {};

const CATEGORY_FIELDS: ReadonlySet<string> = new Set(['category', 'sub_category']);

/**
 * A value as sent: text as it is, numbers, lists and records (prices by key) as JSON writes them;
 * a category's id with its name beside it.
 */
function value(v: unknown, field: string): HTMLElement {
  if (v === null || v === undefined || v === '') return el('span', T.change_empty, { class: 'empty' });
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  const name = CATEGORY_FIELDS.has(field) ? categoryNames[text] : undefined;
  if (name === undefined) return el('bdi', text, { dir: 'auto' });
  const both = el('span', null, { class: 'category' });
  both.append(el('bdi', text), ' (', el('bdi', name, { dir: 'auto' }), ')');
  return both;
}

/** The ledger holds no value for the field: catalog-sync never sent it (an empty text sent is ''). */
function neverSent(before: unknown): boolean {
  return before === null || before === undefined;
}

function changeRow(r: ChangeRow): HTMLTableRowElement {
  const tr = el('tr', null, { 'data-row': String(r.row), 'data-action': r.action });
  const what = el('td');
  if (!r.seen && r.action !== 'invalid') what.append(el('p', T.change_not_seen, { class: 'not-seen' }));
  if (r.message) {
    const note = messageCell('p', r.message);
    note.className = 'change-note';
    what.append(note);
  }
  // A full sync sends an update again even when no field differs from what was last sent.
  if (r.seen && r.changes.length === 0 && r.outcome === undefined)
    what.append(el('p', T.change_resend, { class: 'change-note' }));
  if (r.changes.length > 0) {
    const list = el('ul', null, { class: 'changes' });
    for (const c of r.changes) {
      const li = el('li', null, { 'data-field': c.field });
      // A product never sent has no "before": its fields show as they will be sent. A field never
      // sent to a known product has none either: it is new, not "(empty)" before.
      if (r.seen && !neverSent(c.before))
        li.append(columnLabel(c.field), ': ', value(c.before, c.field), ` ${T.change_arrow} `, value(c.after, c.field));
      else li.append(columnLabel(c.field), ': ', value(c.after, c.field));
      if (r.seen && neverSent(c.before)) li.append(' ', el('span', T.change_new, { class: 'new' }));
      list.append(li);
    }
    what.append(list);
  }
  tr.append(el('td', fmt(r.row)), el('td', textOf(`action_${r.action}`, r.action)), what);
  return tr;
}

async function load(uploadId: string, offset: number): Promise<void> {
  say('changes-error', '');
  try {
    const page = await api('GET /api/uploads/:id/preview', { id: uploadId }, { query: { offset, limit: PAGE } });
    if (uploadId !== upload) return;
    categoryNames = page.categories ?? {};
    const body = $('change-rows');
    if (offset === 0) body.replaceChildren();
    body.append(...page.rows.map(changeRow));
    loaded = offset + page.rows.length;
    const left = page.total - loaded;
    $('changes-more').hidden = left <= 0;
    say(
      'changes-status',
      `${T.changes_count}: ${fmt(page.total)}${left > 0 ? ` (${T.reasons_more_left}: ${fmt(left)})` : ''}`,
    );
    $('changes').hidden = false;
  } catch (error) {
    if (uploadId === upload) say('changes-error', `${T.error}: ${messageOf(error)}`);
  }
}

function show(answer: UploadAnswer): void {
  upload = answer.uploadId;
  loaded = 0;
  $('change-rows').replaceChildren();
  $('changes').hidden = true;
  void load(upload, 0);
}

export function startChanges(): void {
  on('sheet-uploaded', show);
  $('changes-more').addEventListener('click', () => void load(upload, loaded));
}
