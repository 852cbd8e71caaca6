/**
 * "Check with the store": a batch's creates whose answer was lost, settled from the store's
 * product counts per category (POST .../reconcile), for a person without a terminal. The check is
 * a dry run and changes nothing: it shows which rows would become created or failed and which
 * stay unknown, and why. Only "Record these outcomes" applies it; the page then reads the batch
 * again (`batch-reconciled`), so the rows list refreshes and failed rows open in the fix grid.
 */
import { api } from './api.ts';
import { T } from './context.ts';
import { $, el, fmt, ltr, messageCell, messageOf, say } from './dom.ts';
import { emit, on } from './events.ts';
import type { ReconcileAnswer } from './types.ts';

/** The batch whose unknown creates the box offers to check; null when it is hidden. */
let offered: string | null = null;

/** Shows the box for a batch with `unknown` creates (hides it for none), as it was before any check. */
export function offerReconcile(batchId: string, unknown: number): void {
  const box = $('reconcile');
  if (offered === batchId && !box.hidden) return;
  offered = unknown > 0 ? batchId : null;
  box.hidden = offered === null;
  $<HTMLButtonElement>('reconcile-check').disabled = false;
  $('reconcile-check').hidden = false;
  $('reconcile-result').hidden = true;
  $('reconcile-apply').hidden = true;
  say('reconcile-status', '');
  say('reconcile-error', '');
}

export function hideReconcile(): void {
  offered = null;
  $('reconcile').hidden = true;
}

async function run(dryRun: boolean): Promise<void> {
  const batchId = offered;
  if (!batchId) return;
  const check = $<HTMLButtonElement>('reconcile-check');
  const apply = $<HTMLButtonElement>('reconcile-apply');
  check.disabled = true;
  apply.disabled = true;
  say('reconcile-error', '');
  say('reconcile-status', T.reconcile_checking);
  try {
    const answer = await api('POST /api/batches/:id/reconcile', { id: batchId }, { body: { dryRun } });
    if (offered !== batchId) return;
    show(answer);
    if (!dryRun) {
      // The batch's counts and rows changed: every part that shows them reads them again.
      emit('batch-reconciled', await api('GET /api/batches/:id', { id: batchId }));
    }
  } catch (error) {
    say('reconcile-status', '');
    say('reconcile-error', `${T.error}: ${messageOf(error)}`);
  } finally {
    check.disabled = false;
    apply.disabled = false;
  }
}

function show(answer: ReconcileAnswer): void {
  const rows = [
    ...answer.changed.map((c) =>
      resultRow(
        c.row,
        c.category,
        c.now,
        c.now === 'created' ? T.reconcile_would_created : T.reconcile_would_failed,
        c.reason,
      ),
    ),
    ...answer.leftUnknown.map((u) => resultRow(u.row, u.category, 'unknown', T.reconcile_stays, u.reason)),
  ].sort((a, b) => Number(a.dataset.row) - Number(b.dataset.row));
  $('reconcile-rows').replaceChildren(...rows);
  $('reconcile-warnings').replaceChildren(
    ...answer.warnings.map((warning) => {
      const li = el('li', `${T.reconcile_warnings}: `);
      li.append(...messageCell('span', warning).childNodes);
      return li;
    }),
  );
  $('reconcile-result').hidden = rows.length === 0 && answer.warnings.length === 0;
  const settles = answer.changed.length > 0;
  // Only a check that would change something is offered for recording; once every row is settled, nothing is left to check.
  $('reconcile-apply').hidden = !answer.dryRun || !settles;
  $('reconcile-check').hidden = !answer.dryRun && answer.leftUnknown.length === 0;
  say('reconcile-status', !answer.dryRun ? T.reconcile_done : settles ? T.reconcile_would : T.reconcile_nothing);
}

function resultRow(row: number, category: string, outcome: string, becomes: string, why: string): HTMLTableRowElement {
  const tr = el('tr', null, { 'data-row': String(row), 'data-row-outcome': outcome, class: outcome });
  const categoryCell = el('td');
  categoryCell.append(ltr(category));
  tr.append(el('td', fmt(row)), categoryCell, el('td', becomes), messageCell('td', why));
  return tr;
}

export function startReconcile(): void {
  on('sheet-uploaded', hideReconcile);
  $('reconcile-check').addEventListener('click', () => void run(true));
  $('reconcile-apply').addEventListener('click', () => void run(false));
}
