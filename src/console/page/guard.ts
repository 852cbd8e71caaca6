/**
 * A held sheet: POST /api/batches answers 409 {guard} when a sheet would lower a price by more
 * than half of what catalog-sync last sent, or change more of the store's known products than the
 * store allows at once. The page lists the rows that hold it and asks; only "Send anyway" sends,
 * with confirm=true. Focus goes to the question, and back to the button that asked when it is put away.
 */
import { T } from './context.ts';
import { $, el, fmt } from './dom.ts';
import { ApiError } from './api.ts';
import type { Guard, GuardRow } from './types.ts';

/** The guard of a 409 answer that holds a sheet; null for any other answer. */
export function guardOf(error: unknown): Guard | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const guard = error.body.guard;
  return guard && typeof guard === 'object' ? guard : null;
}

let answer: ((go: boolean) => void) | null = null;
/** Where focus was when the question came up: it goes back there when the person says no. */
let opener: HTMLElement | null = null;

function valueCell(value: string | number | null | undefined): HTMLTableCellElement {
  const td = el('td');
  if (value !== undefined && value !== null && value !== '') td.append(el('bdi', String(value), { dir: 'auto' }));
  return td;
}

function guardRow(row: GuardRow): HTMLTableRowElement {
  const tr = el('tr', null, { 'data-row': String(row.row) });
  tr.append(
    el('td', fmt(row.row)),
    el('td', row.field ?? ''),
    valueCell(row.before),
    valueCell(row.after),
    el('td', row.message ?? row.reason ?? ''),
  );
  return tr;
}

/** Shows why the sheet is held; true once the person says to send it anyway. */
export function askGuard(guard: Guard): Promise<boolean> {
  answer?.(false);
  opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const reasons = [guard.message, ...(guard.reasons ?? [])].filter((r): r is string => !!r);
  $('guard-reasons').replaceChildren(...reasons.map((r) => el('li', r)));
  const rows = guard.rows ?? [];
  $('guard-rows').replaceChildren(...rows.map(guardRow));
  $('guard-table').hidden = rows.length === 0;
  $('guard-count').textContent = `${T.guard_rows}: ${fmt(rows.length)}`;
  const box = $('guard');
  box.hidden = false;
  $('guard-heading').focus();
  return new Promise((resolve) => {
    answer = (go) => {
      answer = null;
      box.hidden = true;
      resolve(go);
    };
  });
}

export function hideGuard(): void {
  answer?.(false);
  $('guard').hidden = true;
}

function cancel(): void {
  answer?.(false);
  opener?.focus();
}

export function startGuard(): void {
  $('guard-confirm').addEventListener('click', () => answer?.(true));
  $('guard-cancel').addEventListener('click', cancel);
  $('guard').addEventListener('keydown', (event) => {
    if (event.key === 'Escape') cancel();
  });
}
