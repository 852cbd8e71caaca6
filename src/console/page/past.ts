/** Past batches: the newest first, each with its status, source, store, outcome counts and report files. */
import { api } from './api.ts';
import { batchIdCell, FILES, fileLink } from './batch.ts';
import { T, textOf } from './context.ts';
import { $, el, fmt, listText, say } from './dom.ts';
import { shownCounts } from './counts.ts';
import type { BatchJson, Counts } from './types.ts';

export function countsText(counts: Counts | null | undefined): string {
  return listText(shownCounts(counts).map(([o, n]) => `${textOf(o)} ${fmt(n)}`));
}

function pastRow(b: BatchJson): HTMLTableRowElement {
  const tr = el('tr');
  const files = el('td');
  if (b.status === 'done') {
    const list = el('ul', null, { class: 'inline' });
    list.append(...FILES.map((f) => fileLink(b.batchId, f)));
    files.append(list);
  }
  // The store a batch went to: several consoles may share one report folder.
  const store = el('td');
  if (b.store)
    store.append(el('bdi', b.store.name || b.store.url, { dir: 'auto', title: `${b.store.url} · ${b.store.account}` }));
  else store.textContent = T.store_unrecorded;
  const status = textOf(`status_${b.status}`, b.status) + (b.dryRun ? ` (${T.dry_run})` : '');
  tr.append(batchIdCell(b.batchId), el('td', status), el('td', b.source), store, el('td', countsText(b.counts)), files);
  return tr;
}

export async function loadPast(): Promise<void> {
  let batches: BatchJson[];
  try {
    batches = await api('GET /api/batches', {});
  } catch {
    return;
  }
  $('past-rows').replaceChildren(...batches.map(pastRow));
  say('past-none', batches.length === 0 ? T.none_yet : '');
}
