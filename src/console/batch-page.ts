/**
 * A batch's own page, `/batches/<id>` (with a stores file `?store=<id>`): its counts and
 * progress, report files, notifications, the rows that need attention with their reasons, the
 * check of unknown creates, the fix grid, the re-run and the undo; a link to the batch it was
 * made from (a fix, a re-run, an undo) and to those made from it. Its script: page/batch-main.ts.
 * An id this store has no batch of is said so in words, answered 404.
 */
import type { FastifyInstance } from 'fastify';
import { isValidBatchId } from '../sync/batch-id.ts';
import { pageAsked, sendPage, shell, storeQuery, type Html, type PageDeps, type PageQuery } from './page-shell.ts';
import { storeConfirm, type PageStore } from './store-page.ts';
import { attentionSections, batchSection, guardBox } from './work-page.ts';

/** The path of a batch's page; the e-mail's link and the page's script build the same. */
export function batchPagePath(batchId: string): string {
  return `/batches/${encodeURIComponent(batchId)}`;
}

export function registerBatchPage(app: FastifyInstance, deps: PageDeps): void {
  app.get<{ Params: { id: string }; Querystring: PageQuery }>('/batches/:id', async (request, reply) => {
    const asked = pageAsked(request, reply, deps);
    if (!asked) return reply;
    const { id } = request.params;
    const known = asked.desk !== null && isValidBatchId(id) && (await asked.desk.board.get(id)) !== null;
    if (!known) reply.code(404);
    const main = known ? batchMain(asked.h, asked.store, id) : missing(asked.h, asked.store);
    return sendPage(reply, (nonce) => shell({ asked, nonce, path: batchPagePath(id), title: id.slice(0, 64), main }));
  });
}

function homeLink(h: Html, store: PageStore | null): string {
  return `<p class="page-nav"><a id="home-link" href="/${storeQuery(store, '?')}">${h('home_link')}</a></p>`;
}

function batchMain(h: Html, store: PageStore | null, id: string): string {
  // The id as JSON for the script: what the address names, checked above to be a batch id.
  return `${homeLink(h, store)}
<p id="batch-origin" hidden></p>
${batchSection(h)}
${attentionSections(h)}
<section id="later" aria-labelledby="later-heading" hidden><h2 id="later-heading">${h('later_heading')}</h2><ul id="later-list"></ul></section>
${guardBox(h)}
${store ? storeConfirm(store, h) : ''}
<script id="batch-page" type="application/json">${JSON.stringify(id)}</script>`;
}

/** Another store's batch, or none: said in words, with the way home (no bar that waits for ever). */
function missing(h: Html, store: PageStore | null): string {
  return `${homeLink(h, store)}
<section id="batch" aria-labelledby="batch-heading"><h2 id="batch-heading">${h('batch_page_heading')}: <span id="batch-status" data-status="missing">${h('status_missing')}</span></h2>
<p id="batch-missing" class="error" role="alert">${h('batch_missing')}</p></section>`;
}
