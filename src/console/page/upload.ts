/**
 * Step 1 and 2 of the page: a sheet chosen or dropped goes to POST /api/uploads, and its
 * `validate` summary shows at once: counts, the problem rows (not sent) and apart from them the
 * warnings (their rows are sent all the same), each with row, column and message.
 */
import type { Texts } from '../../messages/console.ts';
import { api } from './api.ts';
import { T } from './context.ts';
import { $, el, fmt, messageCell, messageNodes, messageOf, pageLang, say, sayParts } from './dom.ts';
import { emit } from './events.ts';
import type { PlanAction } from '../../outcome.ts';
import type { Issue, NameRead, UploadAnswer } from './types.ts';

export interface ShownSheet {
  upload: string;
  name: string;
  /** The status the products the sheet no longer lists get (the upload's absentStatus), when chosen. */
  absentStatus?: string;
}

let current: ShownSheet | null = null;

/** The sheet shown: what a dry run or a sync sends. */
export function shownSheet(): ShownSheet | null {
  return current;
}

async function sendFile(file: File | undefined): Promise<void> {
  if (!file) return;
  say('upload-error', '');
  $('preview').hidden = true;
  say('upload-status', T.checking);
  const form = new FormData();
  form.append('file', file);
  // Planned as the whole catalog, and sent so: the preview and the guard show what it retires.
  const absent = $<HTMLInputElement>('absent-status').value.trim();
  if (absent !== '') form.append('absentStatus', absent);
  try {
    showUpload(await api('POST /api/uploads', {}, { body: form }));
  } catch (error) {
    // Why the file cannot be read, in the page's language: its name and values kept in order.
    sayParts('upload-error', `${T.error}: `, ...messageNodes(messageOf(error)));
  } finally {
    say('upload-status', '');
    $<HTMLInputElement>('file').value = '';
  }
}

/** An upload's answer shown: the sheet a send sends, and its summary (again after a mapping). */
export function showUpload(answer: UploadAnswer): void {
  // Sent as it was planned: as the whole catalog when a status for what it no longer lists was chosen.
  const absent = $<HTMLInputElement>('absent-status').value.trim();
  current = { upload: answer.uploadId, name: answer.name, ...(absent === '' ? {} : { absentStatus: absent }) };
  emit('sheet-uploaded', answer);
  showSummary(answer);
}

/** "Did you mean": from the message's parameters, in any language; from an English message's words else. */
function suggestionOf(issue: Issue): string {
  const hint = issue.params?.hint;
  if (typeof hint === 'string') return hint;
  return /did you mean "([^"]+)"/i.exec(issue.message)?.[1] ?? '';
}

/**
 * The tiles: the sheet's rows, then what the sync will do with them (the upload's plan, against
 * what catalog-sync knows of the store), the tiles of what no row does left out.
 */
const COUNTS: readonly [PlanAction, keyof Texts][] = [
  ['create', 'creates'],
  ['update', 'updates'],
  ['status', 'status_changes'],
  ['brand', 'brand_updates'],
  ['unchanged', 'unchanged_rows'],
  ['skipped', 'skipped_rows'],
  ['invalid', 'invalid_rows'],
];

/** Always shown, at 0 too: what an operator looks for first. */
const ALWAYS: ReadonlySet<PlanAction> = new Set(['create', 'update', 'invalid']);

function tile(key: keyof Texts, value: number, bad: boolean): HTMLElement {
  const item = el('div', null, { class: `count${bad ? ' bad' : ''}` });
  item.append(el('dt', T[key]), el('dd', fmt(value), { 'data-count': key }));
  return item;
}

function showSummary(answer: UploadAnswer): void {
  const counts = $('preview-counts');
  const rows = $('problem-rows');
  const warningRows = $('warning-rows');
  counts.replaceChildren();
  rows.replaceChildren();
  warningRows.replaceChildren();
  let problems = 0;
  let warnings = 0;
  let leftOut = 0;
  const names: NameRead[] = [];
  for (const sheet of answer.sheets) {
    counts.append(tile('rows', sheet.rows, false));
    for (const [action, key] of COUNTS) {
      const value = sheet.plan[action];
      if (value > 0 || ALWAYS.has(action)) counts.append(tile(key, value, action === 'invalid' && value > 0));
    }
    // Rows Excel hides are sent all the same: said only when there are some.
    if (sheet.hiddenRows > 0) counts.append(tile('hidden_rows', sheet.hiddenRows, false));
    const warned = warnedRows(sheet.issues);
    if (warned > 0) counts.append(tile('warned_rows', warned, false));
    // With absentStatus: known products the sheet no longer lists, each a status change after its rows.
    if ((sheet.retired ?? 0) > 0) counts.append(tile('retired_products', sheet.retired ?? 0, false));
    for (const issue of [...sheet.headerIssues, ...sheet.issues]) {
      if (issue.severity === 'error') problems++;
      else warnings++;
      const tr = el('tr', null, { class: issue.severity });
      tr.append(
        el('td', issue.row),
        el('td', issue.column ?? ''),
        messageCell('td', issue.message),
        el('td', suggestionOf(issue)),
      );
      // A warning does not keep its row from going: told apart from the rows that are not sent.
      (issue.severity === 'error' ? rows : warningRows).append(tr);
    }
    leftOut += sheet.issuesLeftOut;
    names.push(...(sheet.categoryNames ?? []));
  }
  showNamesRead(names);
  $('problems').hidden = problems === 0;
  $('warnings').hidden = warnings === 0;
  say('no-problems', problems === 0 ? T.no_problems : '');
  say('left-out', leftOut > 0 ? `${fmt(leftOut)} ${T.issues_left_out}` : '');
  $('preview-name').textContent = answer.name;
  $('preview').hidden = false;
  $('dry-run').focus();
}

/** Rows that are sent with a warning: a row with an error is not sent, and counts as invalid. */
function warnedRows(issues: readonly Issue[]): number {
  const invalid = new Set(issues.filter((i) => i.severity === 'error').map((i) => i.row));
  return new Set(issues.filter((i) => i.severity === 'warning' && !invalid.has(i.row)).map((i) => i.row)).size;
}

/** Which names in the sheet's category columns were read as which of the store's categories. */
function showNamesRead(names: readonly NameRead[]): void {
  const arabic = pageLang() === 'ar';
  $('names-read-list').replaceChildren(
    ...names.map((n) => {
      const item = el('li', null, { 'data-category': String(n.id) });
      const name = arabic && n.nameAr ? n.nameAr : n.name;
      item.append(
        el('bdi', n.column),
        ': ',
        el('bdi', n.text),
        ` ${T.change_arrow} ${fmt(n.id)} (`,
        el('bdi', name),
        ')',
      );
      return item;
    }),
  );
  $('names-read').hidden = names.length === 0;
}

export function startUploads(): void {
  const input = $<HTMLInputElement>('file');
  input.addEventListener('change', () => void sendFile(input.files?.[0]));
  const zone = $('drop-zone');
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('over');
    void sendFile(event.dataTransfer?.files[0]);
  });
}
