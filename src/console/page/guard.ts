/**
 * A held sheet: POST /api/batches (or a fix) answers 409 {guard} when a sheet would lower a price
 * by more than a share of what catalog-sync last sent, or change more of the store's known
 * products than allowed at once. The page says why and lists the price drops; only "Send anyway"
 * sends, with confirm=true. Focus goes to the question, and back to the button that asked when
 * it is put away.
 */
import { ApiError } from './api.ts';
import { columnLabel } from './columns.ts';
import { T } from './context.ts';
import { $, el, fmt, pageLang } from './dom.ts';
import type { Guard, PriceDrop } from './types.ts';

/** The guard of a 409 answer that holds a sheet; null for any other answer. */
export function guardOf(error: unknown): Guard | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const guard = error.body.guard as Guard | undefined;
  return guard && typeof guard === 'object' && Array.isArray(guard.priceDrops) ? guard : null;
}

let answer: ((go: boolean) => void) | null = null;
/** Where focus was when the question came up: it goes back there when the person says no. */
let opener: HTMLElement | null = null;

function percent(share: number): string {
  return new Intl.NumberFormat(pageLang(), { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

function number(value: number): HTMLElement {
  return el('bdi', fmt(value));
}

function dropRow(drop: PriceDrop): HTMLTableRowElement {
  const tr = el('tr', null, { 'data-row': String(drop.row) });
  const field = el('td');
  field.append(columnLabel(drop.field));
  const before = el('td');
  before.append(number(drop.before));
  const after = el('td');
  after.append(number(drop.after));
  tr.append(el('td', fmt(drop.row)), field, before, after, el('td', percent((drop.before - drop.after) / drop.before)));
  return tr;
}

/** Why the sheet is held, in the page's language. */
function reasons(guard: Guard): string[] {
  const out: string[] = [];
  if (guard.priceDrops.length > 0) out.push(`${T.guard_price_drop} ${percent(guard.priceDropLimit)}`);
  if (guard.tooMany)
    out.push(
      `${T.guard_too_many}: ${fmt(guard.changed)} / ${fmt(guard.known)} (${percent(guard.changeShare)}; ${T.guard_allowed} ${percent(guard.limit)})`,
    );
  return out;
}

/** Shows why the sheet is held; true once the person says to send it anyway. */
export function askGuard(guard: Guard): Promise<boolean> {
  answer?.(false);
  opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  $('guard-reasons').replaceChildren(...reasons(guard).map((r) => el('li', r)));
  $('guard-rows').replaceChildren(...guard.priceDrops.map(dropRow));
  $('guard-table').hidden = guard.priceDrops.length === 0;
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
