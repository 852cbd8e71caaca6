/**
 * The page: server-rendered HTML with one small inline script (page-script.ts), in English or
 * Arabic (right to left). No front-end build step: the page is a form, two tables and a progress
 * bar, which plain HTML does well and every browser runs as sent.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { batchNotifications, NOTIFY_SCRIPT, notifySection } from './notify-page.ts';
import { PAGE_SCRIPT } from './page-script.ts';
import { panels, PANEL_SCRIPT } from './panels-page.ts';
import { PAGE_STYLE } from './page-style.ts';
import { langOf, TEXTS, type Lang, type Texts } from './texts.ts';

export interface PageDeps {
  mode: 'in-process' | 'redis';
  rate: number;
  uploadLimitBytes: number;
}

const LANG_COOKIE = 'catalog_sync_lang';

export function registerPages(app: FastifyInstance, deps: PageDeps): void {
  app.get<{ Querystring: { lang?: string } }>('/', async (request, reply) => {
    const asked = request.query.lang;
    const lang = langOf(asked ?? request.cookies[LANG_COOKIE]);
    if (asked !== undefined) reply.setCookie(LANG_COOKIE, lang, { path: '/', sameSite: 'strict', httpOnly: true });
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
        // page's own forms (Log out), which the Origin check refuses.
        .header('referrer-policy', 'same-origin')
        .send(page(lang, nonce, deps))
    );
  });
}

/** Texts for the script, safe inside a <script type="application/json"> element. */
function textsJson(texts: Texts): string {
  return JSON.stringify(texts).replace(/</g, '\\u003c');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(lang: Lang, nonce: string, deps: PageDeps): string {
  const t = TEXTS[lang];
  const h = (key: keyof Texts): string => escapeHtml(t[key]);
  const other: Lang = lang === 'ar' ? 'en' : 'ar';
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h('title')}</title><style nonce="${nonce}">${PAGE_STYLE}</style></head>
<body>
<header><h1>${h('title')}</h1>
<nav><a href="/?lang=${other}" lang="${other}" hreflang="${other}" id="lang-switch">${h('language')}</a>
<form method="post" action="/logout"><button type="submit">${h('logout')}</button></form></nav></header>
<main>
<p class="mode">${h(deps.mode === 'redis' ? 'mode_redis' : 'mode_in_process')}</p>
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
<div class="actions"><button id="dry-run" type="button">${h('dry_run')}</button><button id="sync" type="button" class="primary">${h('sync')}</button></div></section>
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
</main>
<script id="texts" type="application/json">${textsJson(t)}</script>
<script nonce="${nonce}">${PAGE_SCRIPT}${PANEL_SCRIPT}${NOTIFY_SCRIPT}</script>
</body></html>`;
}
