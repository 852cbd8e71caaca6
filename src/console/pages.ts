/**
 * The page: server-rendered HTML with one small inline script (page-script.ts), in English or
 * Arabic (right to left). No front-end build step: the page is a form, two tables and a progress
 * bar, which plain HTML does well and every browser runs as sent. With a stores file the page
 * acts on one store at a time (store-page.ts: the switcher, the store's name by the Sync button,
 * the question before a sync); `?store=<id>` picks it, and is remembered.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StoreDesk } from './desk.ts';
import { escapeHtml } from './html.ts';
import { batchNotifications, NOTIFY_SCRIPT, notifySection } from './notify-page.ts';
import { PAGE_SCRIPT } from './page-script.ts';
import { panels, PANEL_SCRIPT } from './panels-page.ts';
import { PAGE_STYLE } from './page-style.ts';
import { pageStore, storeConfirm, storeJson, storeSwitch, syncStore, type PageStore } from './store-page.ts';
import { langOf, TEXTS, type Lang, type Texts } from './texts.ts';

export interface PageDeps {
  mode: 'local' | 'redis';
  /** A stores file's stores: the page names the one it acts on. */
  many: boolean;
  /** The stores the request's login sees. */
  stores: (request: FastifyRequest) => StoreDesk[];
}

const LANG_COOKIE = 'catalog_sync_lang';
const STORE_COOKIE = 'catalog_sync_store';

export function registerPages(app: FastifyInstance, deps: PageDeps): void {
  app.get<{ Querystring: { lang?: string; store?: string } }>('/', async (request, reply) => {
    const asked = request.query.lang;
    const lang = langOf(asked ?? request.cookies[LANG_COOKIE]);
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
<nav>${store ? storeSwitch(store, h) : ''}<a href="/?lang=${other}${storeQuery}" lang="${other}" hreflang="${other}" id="lang-switch">${h('language')}</a>
<form method="post" action="/logout"><button type="submit">${h('logout')}</button></form></nav></header>
<main>
${store && !store.current ? `<p id="no-store" role="alert">${h('no_store')}</p>` : work(h, deps, store)}
</main>
<script id="texts" type="application/json">${textsJson(t)}</script>
<script id="store" type="application/json">${storeJson(store)}</script>
<script nonce="${nonce}">${store && !store.current ? '' : `${PAGE_SCRIPT}${PANEL_SCRIPT}${NOTIFY_SCRIPT}`}</script>
</body></html>`;
}

/** The page's work: the sheet, the batch, the past batches, the panels, the notifications. */
function work(h: (key: keyof Texts) => string, deps: PageDeps, store: PageStore | null): string {
  return `<p class="mode">${h(deps.mode === 'redis' ? 'mode_redis' : 'mode_in_process')}</p>
<section aria-labelledby="upload-heading"><h2 id="upload-heading">${h('upload_heading')}</h2>
<div id="drop-zone"><p>${h('upload_hint')}</p>
<label class="button" for="file">${h('choose_file')}</label>
<input id="file" name="file" type="file" accept=".csv,.xlsx,.tsv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
<p id="upload-status" role="status" hidden></p><p id="upload-error" class="error" role="alert" hidden></p></div></section>
<section id="preview" aria-labelledby="preview-heading" hidden><h2 id="preview-heading">${h('preview_heading')}: <bdi id="preview-name"></bdi></h2>
<dl id="preview-counts" class="counts"></dl>
<p id="no-problems" hidden></p>
<div id="problems" class="scroll" hidden><table><caption>${h('problems_heading')}</caption>
<thead><tr><th scope="col">${h('col_row')}</th><th scope="col">${h('col_column')}</th><th scope="col">${h('col_message')}</th><th scope="col">${h('col_suggestion')}</th></tr></thead>
<tbody id="problem-rows"></tbody></table></div><p id="left-out" hidden></p>
<div class="actions"><button id="dry-run" type="button">${h('dry_run')}</button><button id="sync" type="button" class="primary"${store ? ' aria-describedby="sync-store"' : ''}>${h('sync')}</button>${store ? syncStore(store, h) : ''}</div></section>
<section id="batch" aria-labelledby="batch-heading" hidden><h2 id="batch-heading">${h('batch_heading')} <bdi id="batch-id" dir="ltr"></bdi>: <span id="batch-status"></span></h2>
<progress id="bar" max="1"></progress>
<p id="progress-text" aria-live="polite"><span id="done-text"></span> <span id="pace"></span> <span id="eta"></span></p>
<dl id="batch-counts" class="counts"></dl><p id="batch-error" class="error" role="alert" hidden></p>
<div id="downloads" hidden><h3>${h('downloads')}</h3><ul id="download-links" class="inline"></ul></div>
${batchNotifications(h)}
<button id="rerun" type="button" hidden>${h('rerun_failed')}</button></section>
<section aria-labelledby="past-heading"><h2 id="past-heading">${h('past_heading')}</h2>
<div class="scroll"><table><thead><tr><th scope="col">${h('col_batch')}</th><th scope="col">${h('col_status')}</th><th scope="col">${h('col_source')}</th><th scope="col">${h('col_store')}</th><th scope="col">${h('col_counts')}</th><th scope="col">${h('col_files')}</th></tr></thead>
<tbody id="past-rows"></tbody></table></div><p id="past-none" hidden></p></section>
${panels(h)}
${notifySection(h)}
${store ? storeConfirm(store, h) : ''}`;
}
