/**
 * The rows that need attention, with their reasons: when a batch ends with invalid, failed or
 * unknown rows, GET .../rows lists them (paged) with row number, column, message and what to do
 * next; the invalid and failed ones open in the fix grid. Rows sent since in a batch of fixed rows
 * (a page of its own, lineage.ts) show how they ended there, here and in the grid. Unknown creates
 * are offered a check with the store (reconcile.ts); once it records outcomes the list is read
 * again, so rows that became failed open in the grid.
 */
import { OUTCOMES } from '../../outcome.ts';
import { api } from './api.ts';
import { T, textOf } from './context.ts';
import { $, el, fmt, ltr, messageCell, messageNodes, messageOf, say, sayParts } from './dom.ts';
import { forEngineers } from './engineers.ts';
import { on } from './events.ts';
import { closeGrid, openGrid, settleRows } from './fix-grid.ts';
import { laterBatches, madeFrom } from './lineage.ts';
import { fixable, isAttention, nextStepKey, reconcileCommand, type AttentionOutcome } from './next-step.ts';
import { hideReconcile, offerReconcile } from './reconcile.ts';
import type { BatchJson, ProblemRow } from './types.ts';

const PAGE = 100;
const ATTENTION: readonly AttentionOutcome[] = ['invalid', 'failed', 'unknown'];

interface Shown {
  batchId: string;
  rows: Map<number, ProblemRow>;
  total: number;
  loaded: number;
}

let shown: Shown | null = null;
/** Batches of fixed rows made from the batch shown, and how many rows each sent. */
const fixBatches = new Map<string, { of: string; rows: number }>();
/**
 * A batch's rows that a batch of fixed rows settled since, as they ended there: they stand over
 * the batch's own report when its rows are read again (a reconcile), as they do in the grid.
 */
const fixedRows = new Map<string, Map<number, ProblemRow>>();

function clear(): void {
  shown = null;
  fixedRows.clear();
  $('reason-rows').replaceChildren();
  $('reasons').hidden = true;
  $('reasons-more').hidden = true;
  say('reasons-status', '');
  hideReconcile();
  closeGrid();
}

async function load(batchId: string, offset: number): Promise<void> {
  say('reasons-error', '');
  try {
    const page = await api(
      'GET /api/batches/:id/rows',
      { id: batchId },
      { query: { outcome: ATTENTION.join(','), offset, limit: PAGE } },
    );
    if (offset === 0 || shown?.batchId !== batchId) shown = { batchId, rows: new Map(), total: 0, loaded: 0 };
    const fixed = fixedRows.get(batchId);
    for (const row of page.rows) shown.rows.set(row.row, fixed?.get(row.row) ?? row);
    shown.total = page.total;
    shown.loaded = offset + page.rows.length;
    render();
    openGrid(
      batchId,
      page.rows
        .filter((r) => fixable(r.outcome))
        .map((r) => ({ row: r.row, cells: r.cells, problem: { row: r.row, column: r.column, message: r.message } })),
    );
  } catch (error) {
    say('reasons-error', `${T.error}: ${messageOf(error)}`);
  }
}

function render(): void {
  if (!shown) return;
  const { batchId } = shown;
  $('reason-rows').replaceChildren(...[...shown.rows.values()].map((r) => reasonRow(batchId, r)));
  const more = shown.total - shown.loaded;
  $('reasons-more').hidden = more <= 0;
  const listed = shown.rows.size;
  const needing = [...shown.rows.values()].filter((r) => (ATTENTION as readonly string[]).includes(r.outcome)).length;
  const parts = [`${T.reasons_count}: ${fmt(listed)}`];
  if (more > 0) parts.push(`${T.reasons_more_left}: ${fmt(more)}`);
  // Once fixed rows ended, some listed rows need nothing more.
  if (needing < listed) parts.push(`${T.reasons_still}: ${fmt(needing)}`);
  say('reasons-status', parts.join('; '));
  $('reasons').hidden = false;
}

function reasonRow(batchId: string, r: ProblemRow): HTMLTableRowElement {
  const tr = el('tr', null, { 'data-row': String(r.row), 'data-row-outcome': r.outcome, class: r.outcome });
  const column = el('td');
  if (r.column) column.append(el('bdi', r.column));
  const next = el('td');
  // The server's hint in the page's language when it gives one; the page's own word else.
  if (isAttention(r.outcome)) next.append(r.hint ?? T[nextStepKey(r.outcome)]);
  const message = r.outcome === 'unknown' ? unknownMessage(batchId, r) : messageCell('td', r.message);
  tr.append(el('td', fmt(r.row)), el('td', textOf(r.outcome)), column, message, next);
  return tr;
}

/**
 * An unknown create, said in words; the store's error (its code, the attempts) and the command
 * that settles it from a terminal are for engineers, in a closed part. The operator's way is the
 * "Check with the store" button below the list. A create another sync is making says so itself.
 */
function unknownMessage(batchId: string, r: ProblemRow): HTMLTableCellElement {
  if (r.code === 'create_in_progress') return messageCell('td', r.message);
  const td = el('td', T.unknown_said);
  const command = el('code');
  command.append(ltr(reconcileCommand(batchId)));
  const said = el('p', `${T.engineer_details}: `);
  said.append(...messageNodes(r.message));
  const run = el('p', `${T.engineer_command}: `);
  run.append(command);
  td.append(forEngineers(said, run));
  return td;
}

/** How the rows of a batch of fixed rows ended: every outcome, not only the problem ones. */
async function settleFix(fixBatch: string): Promise<void> {
  const fix = fixBatches.get(fixBatch);
  if (!fix || shown?.batchId !== fix.of) return;
  try {
    const page = await api(
      'GET /api/batches/:id/rows',
      { id: fixBatch },
      { query: { outcome: OUTCOMES.join(','), offset: 0, limit: Math.max(fix.rows, 1) } },
    );
    const fixed = fixedRows.get(fix.of) ?? new Map<number, ProblemRow>();
    fixedRows.set(fix.of, fixed);
    for (const r of page.rows) {
      const before = shown.rows.get(r.row);
      if (!before) continue;
      const settled = { ...r, cells: r.cells ?? before.cells };
      shown.rows.set(r.row, settled);
      fixed.set(r.row, settled);
    }
    render();
    settleRows(page.rows);
    sayParts('fix-status', `${T.fix_batch_ended} `, ltr(fixBatch));
  } catch (error) {
    say('reasons-error', `${T.error}: ${messageOf(error)}`);
  }
}

/** The batches of fixed rows made from this one that ended: their rows' outcomes stand over its report's. */
async function settleFixes(batchId: string): Promise<void> {
  for (const b of await laterBatches(batchId)) {
    if (madeFrom(b.source)?.kind !== 'fix' || b.status !== 'done') continue;
    fixBatches.set(b.batchId, { of: batchId, rows: b.total ?? 0 });
    await settleFix(b.batchId);
  }
}

async function onBatchEnd(batch: BatchJson): Promise<void> {
  const needing = ATTENTION.reduce((n, o) => n + (batch.counts[o] ?? 0), 0);
  if (needing === 0) {
    clear();
    return;
  }
  offerReconcile(batch.batchId, batch.counts.unknown ?? 0);
  await load(batch.batchId, 0);
  await settleFixes(batch.batchId);
}

export function startReasons(): void {
  on('batch-end', (batch) => void onBatchEnd(batch));
  on('batch-reconciled', (batch) => {
    if (shown?.batchId !== batch.batchId) return;
    offerReconcile(batch.batchId, batch.counts.unknown ?? 0);
    void load(batch.batchId, 0);
  });
  $('reasons-more').addEventListener('click', () => {
    if (shown) void load(shown.batchId, shown.loaded);
  });
}
