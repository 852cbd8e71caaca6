/**
 * A batch's own page (src/console/batch-page.ts): its address, a link to it, and going there.
 * What the page that sent a batch has to tell the new page (a re-run's rows left out) rides in
 * sessionStorage for that one page load.
 */
import { STORE } from './context.ts';
import { el, ltr } from './dom.ts';

const NOTE_KEY = 'catalog-sync:batch-note:';

export function batchPageUrl(batchId: string): string {
  const store = STORE ? `?store=${encodeURIComponent(STORE.id)}` : '';
  return `/batches/${encodeURIComponent(batchId)}${store}`;
}

/** A link to a batch's page, its id kept left to right in Arabic too. */
export function batchLink(batchId: string): HTMLAnchorElement {
  const link = el('a', null, { href: batchPageUrl(batchId), 'data-batch': batchId });
  link.append(ltr(batchId));
  return link;
}

/** The operator lands on the new batch's page; `note` is said there once. */
export function openBatch(batchId: string, note = ''): void {
  if (note) sessionStorage.setItem(NOTE_KEY + batchId, note);
  location.assign(batchPageUrl(batchId));
}

/** The note the page that sent this batch left for it, read once. */
export function takeNote(batchId: string): string {
  const note = sessionStorage.getItem(NOTE_KEY + batchId) ?? '';
  sessionStorage.removeItem(NOTE_KEY + batchId);
  return note;
}
