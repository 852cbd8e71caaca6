/**
 * Where a batch came from and what was made from it: a fix, a re-run or an undo names its batch in
 * its source (`fix:<id>`, `rerun:<id>`, `undo:<id>`). A batch's page links to the one it was made
 * from and lists those made from it, each a link to its own page, so a page never shows another
 * batch's numbers as its own.
 */
import { api } from './api.ts';
import { batchLink } from './batch-link.ts';
import { textOf } from './context.ts';
import { $, el } from './dom.ts';
import type { BatchJson } from './types.ts';

const KINDS = ['fix', 'rerun', 'undo'] as const;
type Kind = (typeof KINDS)[number];

/** The batch a source names and how it was made from it, or null for a sheet's, a job's. */
export function madeFrom(source: string): { kind: Kind; batchId: string } | null {
  const colon = source.indexOf(':');
  const kind = source.slice(0, colon) as Kind;
  return colon > 0 && KINDS.includes(kind) ? { kind, batchId: source.slice(colon + 1) } : null;
}

let later: Promise<BatchJson[]> | null = null;

/** The batches made from this one, oldest first (read once per page). */
export function laterBatches(batchId: string): Promise<BatchJson[]> {
  later ??= api('GET /api/batches', {})
    .then((all) => all.filter((b) => madeFrom(b.source)?.batchId === batchId).reverse())
    .catch(() => []);
  return later;
}

/** The batch this one was made from, linked. */
export function showOrigin(batch: BatchJson): void {
  const from = madeFrom(batch.source);
  const origin = $('batch-origin');
  if (!from) return;
  origin.replaceChildren(`${textOf(`origin_${from.kind}`)} `, batchLink(from.batchId));
  origin.hidden = false;
}

/** The batch it was made from, and the batches made from it. */
export async function showLineage(batch: BatchJson): Promise<void> {
  showOrigin(batch);
  const made = await laterBatches(batch.batchId);
  $('later-list').replaceChildren(
    ...made.map((b) => {
      const li = el('li', `${textOf(`later_${madeFrom(b.source)?.kind ?? ''}`)}: `, { 'data-batch': b.batchId });
      li.append(batchLink(b.batchId), ` (${textOf(`status_${b.status}`, b.status)})`);
      return li;
    }),
  );
  $('later').hidden = made.length === 0;
}
