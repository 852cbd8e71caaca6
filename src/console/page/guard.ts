/**
 * A held sheet: POST /api/batches answers 409 {guard} when a sheet would lower a price by more
 * than half of what catalog-sync last sent, or change more of the store's known products than the
 * store allows at once. The page lists the rows that hold it and asks; only "Send anyway" sends,
 * with confirm=true. Focus goes to the question, and back to Sync when it is put away.
 */
import { T } from './context.ts';
import { $, el, fmt } from './dom.ts';
import type { Guard, GuardRow } from './types.ts';

let answer: ((go: boolean) => void) | null = null;

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

export function startGuard(): void {
  $('guard-confirm').addEventListener('click', () => answer?.(true));
  $('guard-cancel').addEventListener('click', () => {
    answer?.(false);
    $('sync').focus();
  });
  $('guard').addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    answer?.(false);
    $('sync').focus();
  });
}
