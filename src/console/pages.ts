/**
 * The page: server-rendered HTML in English or Arabic (right to left), and its script, TypeScript
 * modules for the browser (page/*.ts) bundled by esbuild and served as /assets/page.js
 * (page-bundle.ts). With a stores file the page acts on one store at a time (store-page.ts: the
 * switcher, the store's name by the Sync button, the question before a sync); `?store=<id>`
 * picks it, and is remembered.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StoreDesk } from './desk.ts';
import { GUIDE_PATH } from './guide-page.ts';
import { escapeHtml } from './html.ts';
import { LANG_COOKIE, loginLang } from './login-page.ts';
import { notifySection } from './notify-page.ts';
import { pageScript } from './page-bundle.ts';
import { panels } from './panels-page.ts';
import { PAGE_STYLE } from './page-style.ts';
import { pageStore, storeConfirm, storeJson, storeSwitch, type PageStore } from './store-page.ts';
import { langOf, TEXTS, type Texts } from '../messages/console.ts';
import {
  attentionSections,
  batchSection,
  mappingSection,
  pastSection,
  previewSection,
  uploadSection,
} from './work-page.ts';
import type { Lang } from '../messages/index.ts';

export interface PageDeps {
  mode: 'local' | 'redis';
  /** A rehearsal against the built-in sandbox store: said at the top of the page. */
  sandbox: boolean;
  /** A stores file's stores: the page names the one it acts on. */
  many: boolean;
  /** The stores the request's login sees. */
  stores: (request: FastifyRequest) => StoreDesk[];
}

const STORE_COOKIE = 'catalog_sync_store';

/** The page's script, behind the login as the page is. */
export const PAGE_SCRIPT_PATH = '/assets/page.js';

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
  app.get<{ Querystring: { lang?: string; store?: string } }>('/', async (request, reply) => {
    const asked = request.query.lang;
    // ?lang= (remembered), else the page's cookie, else the browser's Accept-Language.
    const lang = asked !== undefined ? langOf(asked) : loginLang(request);
    if (asked !== undefined) reply.setCookie(LANG_COOKIE, lang, { path: '/', sameSite: 'strict', httpOnly: true });
    let store: PageStore | null = null;
    if (deps.many) {
      const stores = deps.stores(request);
      const wanted = request.query.store ?? request.cookies[STORE_COOKIE];
      const current = stores.find((desk) => desk.id.toLowerCase() === wanted?.toLowerCase());
      // A store this login does not see does not exist for it, as its API routes answer.
      if (request.query.store !== undefined && !current)
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send(`no store "${request.query.store.slice(0, 64)}"`);
      if (current) reply.setCookie(STORE_COOKIE, current.id, { path: '/', sameSite: 'strict', httpOnly: true });
      store = pageStore(current ?? stores[0] ?? null, stores, lang);
    }
    const nonce = randomBytes(16).toString('base64');
    return (
      reply
        .type('text/html; charset=utf-8')
        .header(
          'content-security-policy',
          `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'`,
        )
        .header('x-content-type-options', 'nosniff')
        // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with the
        // page's own forms (Log out, the store switcher's GET aside), which the Origin check refuses.
        .header('referrer-policy', 'same-origin')
        .send(page(lang, nonce, deps, store))
    );
  });
}

/** Texts for the script, safe inside a <script type="application/json"> element. */
function textsJson(texts: Texts): string {
  return JSON.stringify(texts).replace(/</g, '\\u003c');
}

function page(lang: Lang, nonce: string, deps: PageDeps, store: PageStore | null): string {
  const t = TEXTS[lang];
  const h = (key: keyof Texts): string => escapeHtml(t[key]);
  const other: Lang = lang === 'ar' ? 'en' : 'ar';
  const storeQuery = store?.current ? `&amp;store=${encodeURIComponent(store.current.id)}` : '';
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h('title')}</title><style nonce="${nonce}">${PAGE_STYLE}</style></head>
<body>
<header><h1>${h('title')}</h1>
<nav>${store ? storeSwitch(store, h) : ''}<a href="${GUIDE_PATH}?lang=${lang}" id="guide-link">${h('guide')}</a><a href="/?lang=${other}${storeQuery}" lang="${other}" hreflang="${other}" id="lang-switch">${h('language')}</a>
<form method="post" action="/logout"><button type="submit">${h('logout')}</button></form></nav></header>
<main>
${store && !store.current ? `<p id="no-store" role="alert">${h('no_store')}</p>` : work(h, deps, store)}
</main>
<script id="texts" type="application/json">${textsJson(t)}</script>
<script id="store" type="application/json">${storeJson(store)}</script>
<script type="module" nonce="${nonce}" src="${PAGE_SCRIPT_PATH}"></script>
</body></html>`;
}

/** The page's work: the sheet, the batch, the rows to fix, the past batches, the panels, the notifications. */
function work(h: (key: keyof Texts) => string, deps: PageDeps, store: PageStore | null): string {
  const rehearsal = deps.sandbox ? `<p id="sandbox-note" class="sandbox" role="note">${h('sandbox_note')}</p>\n` : '';
  return `${rehearsal}<p class="mode">${h(deps.mode === 'redis' ? 'mode_redis' : 'mode_local')}</p>
${uploadSection(h)}
${mappingSection(h)}
${previewSection(h, store)}
${batchSection(h)}
${attentionSections(h)}
${pastSection(h)}
${panels(h)}
${notifySection(h)}
${store ? storeConfirm(store, h) : ''}`;
}
