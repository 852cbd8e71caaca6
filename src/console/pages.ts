/**
 * The pages: server-rendered HTML in English or Arabic (right to left), and their script,
 * TypeScript modules for the browser (page/*.ts) bundled by esbuild and served as /assets/page.js
 * (page-bundle.ts). The home page (`/`) starts an upload and lists the batches; each batch has a
 * page of its own (`/batches/<id>`, batch-page.ts). With a stores file a page acts on one store at
 * a time (store-page.ts: the switcher, the store's name by the Sync button, the question before a
 * sync); `?store=<id>` picks it, and is remembered.
 */
import type { FastifyInstance } from 'fastify';
import { registerBatchPage } from './batch-page.ts';
import { notifySection } from './notify-page.ts';
import { pageScript } from './page-bundle.ts';
import { panels } from './panels-page.ts';
import {
  pageAsked,
  PAGE_SCRIPT_PATH,
  sendPage,
  shell,
  type Html,
  type PageDeps,
  type PageQuery,
} from './page-shell.ts';
import { storeConfirm, type PageStore } from './store-page.ts';
import { mappingSection, pastSection, previewSection, uploadSection } from './work-page.ts';

export { PAGE_SCRIPT_PATH, type PageDeps } from './page-shell.ts';

export function registerPages(app: FastifyInstance, deps: PageDeps): void {
  // Started now, so the first page's script is ready when the browser asks.
  pageScript().catch(() => undefined);
  app.get(PAGE_SCRIPT_PATH, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      // Asked again on each page load: after an upgrade the page and its script stay one version.
      .header('cache-control', 'no-cache')
      .send(await pageScript()),
  );
  app.get<{ Querystring: PageQuery }>('/', async (request, reply) => {
    const asked = pageAsked(request, reply, deps);
    if (!asked) return reply;
    return sendPage(reply, (nonce) => shell({ asked, nonce, path: '/', main: home(asked.h, deps, asked.store) }));
  });
  registerBatchPage(app, deps);
}

/** The home page's work: the sheet, up to its Send; the past batches, the panels, the notifications. */
function home(h: Html, deps: PageDeps, store: PageStore | null): string {
  const rehearsal = deps.sandbox ? `<p id="sandbox-note" class="sandbox" role="note">${h('sandbox_note')}</p>\n` : '';
  return `${rehearsal}<p class="mode">${h(deps.mode === 'redis' ? 'mode_redis' : 'mode_local')}</p>
${uploadSection(h)}
${mappingSection(h)}
${previewSection(h, store)}
${pastSection(h)}
${panels(h)}
${notifySection(h)}
${store ? storeConfirm(store, h) : ''}`;
}
