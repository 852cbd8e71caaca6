/**
 * A batch's page follows its batch, live over server-sent events (`/events`): status, progress,
 * pace, time left, a count per outcome (a dry run's would_create, would_update,
 * would_change_status among them), the report files once done. The page shows that one batch
 * only: a batch made from it (a fix, a re-run, an undo) has a page of its own.
 */
import { api, ApiError, batchPath, scoped } from './api.ts';
import { batchLink, takeNote } from './batch-link.ts';
import { T, textOf } from './context.ts';
import { $, el, fmt, messageOf, say, seconds } from './dom.ts';
import { shownCounts } from './counts.ts';
import { emit } from './events.ts';
import type { BatchJson } from './types.ts';

export const FILES = ['results.xlsx', 'results.csv', 'failed.csv', 'summary.json'];

let source: EventSource | null = null;

export function follow(batchId: string): void {
  source?.close();
  $('batch').hidden = false;
  $('batch-id').textContent = batchId;
  const status = $('batch-status');
  status.textContent = T.status_queued;
  status.dataset.status = 'queued';
  $('batch-counts').replaceChildren();
  $('bar').hidden = false;
  say('batch-error', '');
  $('downloads').hidden = true;
  $('rerun').hidden = true;
  say('rerun-note', takeNote(batchId));
  emit('batch-followed', { batchId });
  const events = new EventSource(scoped(batchPath(batchId, '/events')));
  source = events;
  let last: BatchJson | null = null;
  events.addEventListener('progress', (event: MessageEvent<string>) => {
    last = JSON.parse(event.data) as BatchJson;
    showBatch(last);
  });
  events.addEventListener('end', () => {
    events.close();
    if (source === events) source = null;
    if (last) emit('batch-end', last);
  });
  // An answer other than a stream (a batch this store does not have: 404) closes it for good.
  events.addEventListener('error', () => {
    if (events.readyState === EventSource.CLOSED && source === events) void notFollowed(batchId);
  });
}

/** Why a batch's stream closed: a batch the API does not know is said so, never left `queued`. */
async function notFollowed(batchId: string): Promise<void> {
  try {
    showBatch(await api('GET /api/batches/:id', { id: batchId }));
  } catch (error) {
    if (shownBatch() !== batchId) return;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      const status = $('batch-status');
      status.textContent = T.status_missing;
      status.dataset.status = 'missing';
      $('bar').hidden = true;
      for (const id of ['done-text', 'pace', 'eta']) $(id).textContent = '';
      say('batch-error', T.batch_missing);
    } else say('batch-error', `${T.error}: ${messageOf(error)}`);
  }
}

/** The batch the page shows now. */
export function shownBatch(): string {
  return $('batch-id').textContent ?? '';
}

/**
 * The batch's status, progress and counts; its report files and re-run button once done. The
 * heading names the batch shown, so the box never names one batch and counts another (a fix batch
 * followed, then its original batch reconciled).
 */
export function showBatch(b: BatchJson): void {
  $('batch-id').textContent = b.batchId;
  const status = $('batch-status');
  status.textContent = textOf(`status_${b.status}`, b.status);
  status.dataset.status = b.status;
  status.dataset.dryRun = String(b.dryRun);
  const bar = $<HTMLProgressElement>('bar');
  if (b.total === null) {
    bar.removeAttribute('value');
    $('done-text').textContent = `${fmt(b.done)} ${T.rows_done} (${T.reading})`;
  } else {
    bar.max = Math.max(1, b.total);
    bar.value = b.done;
    $('done-text').textContent = `${fmt(b.done)} / ${fmt(b.total)} ${T.rows_done}`;
  }
  $('pace').textContent =
    b.rowsPerSecond === null
      ? ''
      : `${fmt(Math.round(b.rowsPerSecond * 10) / 10)} ${T.pace} ${fmt(b.rate)} ${T.requests_per_second}`;
  $('eta').textContent =
    b.etaSeconds === null || b.status !== 'running' ? '' : `${T.eta}: ${seconds(Math.ceil(b.etaSeconds))}`;
  const counts = $('batch-counts');
  counts.replaceChildren(
    ...shownCounts(b.counts).map(([outcome, n]) => {
      const item = el('div', null, { class: `count ${outcome}` });
      item.append(el('dt', textOf(outcome)), el('dd', fmt(n), { 'data-outcome': outcome }));
      return item;
    }),
  );
  say('batch-note', b.dryRun ? T.dry_run_note : '');
  say('batch-error', b.error ? `${T.error}: ${b.error}` : '');
  if (b.status === 'done') {
    $('download-links').replaceChildren(...FILES.map((f) => fileLink(b.batchId, f)));
    $('downloads').hidden = false;
    const rerun = $('rerun');
    rerun.hidden = !((b.counts.failed ?? 0) > 0) || b.dryRun;
    rerun.dataset.batch = b.batchId;
  }
}

export function fileLink(batchId: string, name: string): HTMLLIElement {
  const li = el('li');
  li.append(el('a', name, { href: scoped(batchPath(batchId, `/files/${name}`)), download: `${batchId}-${name}` }));
  return li;
}

/** A batch id, left to right in Arabic too (else its date and random parts swap places), linking to its page. */
export function batchIdCell(batchId: string): HTMLTableCellElement {
  const td = el('td');
  td.append(batchLink(batchId));
  return td;
}
