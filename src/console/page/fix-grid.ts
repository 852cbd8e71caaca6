/**
 * Fixing in the browser: the rows that need a fix (invalid, failed) as a table of inputs with
 * the sheet's own columns. Each edit is checked as it is typed (POST .../fix/check, debounced),
 * its problems shown beside the cell; "Send these rows" sends exactly the edited rows (POST
 * .../fix) as a batch with a page of its own, where the operator lands; back on this batch's
 * page, how they ended there replaces their problems (reasons.ts).
 * Keyboard: Tab moves along a row; Enter / Shift+Enter go down / up a column; Escape puts the
 * cell back as the sheet had it.
 */
import { api, ApiError } from './api.ts';
import { openBatch } from './batch-link.ts';
import { confirmSend } from './confirm.ts';
import { T, textOf } from './context.ts';
import { debounce } from './debounce.ts';
import { $, el, fmt, ltr, messageNodes, messageOf, say, sayParts } from './dom.ts';
import { FixState, type CellProblem, type GridRow } from './fix-state.ts';
import { askGuard, guardOf } from './guard.ts';
import type { RowError } from './types.ts';

/** Long enough to wait for a pause in typing, short enough to feel immediate. */
const CHECK_DELAY_MS = 300;

let state = new FixState();
/** The batch whose rows the grid fixes: the fix and check routes are its. */
let sourceBatch = '';
/** Answers of an older check are dropped when a newer one was asked. */
let checkSeq = 0;

const scheduleCheck = debounce(() => void check(), CHECK_DELAY_MS);

/** Opens the grid on a batch's problem rows (replacing a grid of another batch). */
export function openGrid(batchId: string, rows: readonly (GridRow & { problem: CellProblem })[]): void {
  if (batchId !== sourceBatch) {
    scheduleCheck.cancel();
    state = new FixState();
    sourceBatch = batchId;
    say('fix-status', '');
    say('fix-error', '');
  }
  state.add(rows);
  render();
  $('fix').hidden = state.rows().length === 0;
}

export function closeGrid(): void {
  scheduleCheck.cancel();
  state = new FixState();
  sourceBatch = '';
  $('fix').hidden = true;
  $('fix-rows').replaceChildren();
}

/** How each row of a fix batch ended: done rows leave the grid's work, problem rows come back. */
export function settleRows(
  rows: readonly { row: number; outcome: string; message: string; column?: string | null }[],
): void {
  for (const r of rows) {
    const problem =
      r.outcome === 'invalid' || r.outcome === 'failed' ? { row: r.row, column: r.column, message: r.message } : null;
    state.settle(r.row, r.outcome, problem);
  }
  render();
}

function cellId(row: number, index: number): string {
  return `fix-e-${row}-${index}`;
}

function inputAt(row: number, index: number): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>(`#fix-rows tr[data-row="${row}"] input[data-index="${index}"]`);
}

/** Builds the grid anew: when its rows change (opened, more loaded, a send ended). */
function render(): void {
  const head = $('fix-head');
  head.replaceChildren(
    el('th', T.col_row, { scope: 'col' }),
    ...state.columns.map((c) => {
      const th = el('th', null, { scope: 'col' });
      th.append(el('bdi', c));
      return th;
    }),
    el('th', T.col_fix_state, { scope: 'col' }),
  );
  const focused = document.activeElement instanceof HTMLInputElement ? document.activeElement.id : '';
  $('fix-rows').replaceChildren(...state.rows().map(gridRow));
  refresh();
  if (focused) document.getElementById(focused)?.focus();
}

function gridRow(row: number): HTMLTableRowElement {
  const tr = el('tr', null, { 'data-row': String(row) });
  tr.append(el('th', fmt(row), { scope: 'row' }));
  state.columns.forEach((column, index) => {
    const td = el('td', null, { 'data-column': column });
    const input = el('input', null, {
      type: 'text',
      id: `fix-${row}-${index}`,
      dir: 'auto',
      'data-index': String(index),
      'aria-label': `${T.col_row} ${fmt(row)}, ${column}`,
    });
    input.value = state.value(row, column);
    input.addEventListener('input', () => {
      state.edit(row, column, input.value);
      td.classList.toggle('edited', input.value !== state.original(row, column));
      scheduleCheck();
    });
    input.addEventListener('keydown', (event) => onKey(event, row, index, column));
    td.append(input, el('span', null, { class: 'cell-error', id: cellId(row, index), hidden: '' }));
    tr.append(td);
  });
  tr.append(el('td', null, { class: 'row-state' }));
  return tr;
}

/**
 * Shows each cell's problems and each row's state in place: the inputs stay as they are, so a
 * check's answer never moves the caret of someone typing.
 */
function refresh(): void {
  for (const tr of document.querySelectorAll<HTMLTableRowElement>('#fix-rows tr')) {
    const row = Number(tr.dataset.row);
    const editable = state.editable(row);
    state.columns.forEach((column, index) => {
      const input = inputAt(row, index);
      if (!input) return;
      const td = input.closest('td')!;
      input.disabled = !editable;
      td.classList.toggle('edited', state.value(row, column) !== state.original(row, column));
      const problem = state.problem(row, column);
      const note = $(cellId(row, index));
      note.replaceChildren(...messageNodes(problem ?? ''));
      note.hidden = !problem;
      if (problem) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', note.id);
      } else {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
    });
    const cell = tr.querySelector<HTMLTableCellElement>('td.row-state')!;
    const outcome = state.outcome(row);
    cell.replaceChildren();
    delete cell.dataset.rowOutcome;
    if (outcome === 'sending') cell.textContent = T.fix_sending;
    else if (outcome) {
      cell.dataset.rowOutcome = outcome;
      cell.textContent = textOf(outcome);
    } else {
      const rowProblem = state.rowProblem(row);
      if (rowProblem) cell.append(el('span', rowProblem, { class: 'cell-error' }));
    }
  }
}

function onKey(event: KeyboardEvent, row: number, index: number, column: string): void {
  if (event.key === 'Escape') {
    event.preventDefault();
    const input = event.currentTarget as HTMLInputElement;
    input.value = state.original(row, column);
    state.edit(row, column, input.value);
    input.closest('td')?.classList.remove('edited');
    scheduleCheck();
    return;
  }
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const rows = state.rows();
  const at = rows.indexOf(row) + (event.shiftKey ? -1 : 1);
  const next = rows[at];
  if (next === undefined) $('fix-send').focus();
  else inputAt(next, index)?.focus();
}

async function check(): Promise<void> {
  const rows = state.edited();
  const seq = ++checkSeq;
  if (rows.length === 0) {
    state.checked([], []);
    refresh();
    return;
  }
  try {
    const answer = await api('POST /api/batches/:id/fix/check', { id: sourceBatch }, { body: { rows } });
    if (seq !== checkSeq) return;
    say('fix-error', '');
    state.checked(
      rows.map((r) => r.row),
      answer.rows,
    );
    refresh();
    const bad = state.editedWithProblems().length;
    say(
      'fix-status',
      bad > 0 ? `${T.fix_rows_with_problems}: ${fmt(bad)}` : `${T.fix_rows_ready}: ${fmt(rows.length)}`,
    );
  } catch (error) {
    if (seq === checkSeq) say('fix-error', `${T.error}: ${messageOf(error)}`);
  }
}

/** POST .../fix; a held fix (409 guard) asks first and goes with confirm, or not at all (no batch). */
async function sendFix(rows: GridRow[]): Promise<{ batchId: string | null }> {
  const id = { id: sourceBatch };
  try {
    return await api('POST /api/batches/:id/fix', id, { body: { rows } });
  } catch (error) {
    const guard = guardOf(error);
    if (!guard) throw error;
    if (!(await askGuard(guard))) return { batchId: null };
    return api('POST /api/batches/:id/fix', id, { body: { rows, confirm: true } });
  }
}

async function send(): Promise<void> {
  scheduleCheck.cancel();
  say('fix-error', '');
  const rows = state.edited();
  if (rows.length === 0) {
    say('fix-status', T.fix_nothing_edited);
    return;
  }
  if (!(await confirmSend(`${T.fix_rows_of} ${sourceBatch}: ${fmt(rows.length)}`))) return;
  ++checkSeq;
  try {
    const { batchId } = await sendFix(rows);
    if (!batchId) return;
    const sent = rows.map((r) => r.row);
    state.sent(sent);
    refresh();
    sayParts('fix-status', `${T.fix_sent} `, ltr(batchId));
    openBatch(batchId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 422 && Array.isArray(error.body.rows)) {
      state.checked(
        rows.map((r) => r.row),
        error.body.rows as RowError[],
      );
      refresh();
      say('fix-error', T.fix_still_invalid);
      const first = document.querySelector<HTMLInputElement>('#fix-rows input[aria-invalid="true"]:not(:disabled)');
      first?.focus();
      return;
    }
    say('fix-error', `${T.error}: ${messageOf(error)}`);
  }
}

export function startFixGrid(): void {
  const button = $<HTMLButtonElement>('fix-send');
  // One send at a time: a second click while the first is on its way would send the rows twice.
  button.addEventListener('click', () => {
    button.disabled = true;
    void send().finally(() => {
      button.disabled = false;
    });
  });
}
