/**
 * What every page of the console shares (the home page, pages.ts, and a batch's page,
 * batch-page.ts): the language and store the request asks for, the header with the store
 * switcher, the guide and the other language, the texts and store for the script, and the
 * security headers.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoreDesk } from './desk.ts';
import { GUIDE_PATH } from './guide-page.ts';
import { escapeHtml } from './html.ts';
import { LANG_COOKIE, loginLang } from './login-page.ts';
import { PAGE_STYLE } from './page-style.ts';
import { pageStore, storeJson, storeSwitch, type PageStore } from './store-page.ts';
import { langOf, TEXTS, type Texts } from '../messages/console.ts';
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

export type PageQuery = { lang?: string; store?: string };

export type Html = (key: keyof Texts) => string;

/** The page's script, behind the login as the page is. */
export const PAGE_SCRIPT_PATH = '/assets/page.js';

const STORE_COOKIE = 'catalog_sync_store';

export interface PageAsked {
  lang: Lang;
  /** With a stores file, the store the page acts on; null for a console of one store. */
  store: PageStore | null;
  /** The desk whose batches the page shows (the one store's, or the store picked). */
  desk: StoreDesk | null;
  h: Html;
}

/**
 * The language (?lang=, remembered; else the cookie; else Accept-Language) and store (?store=,
 * remembered) a page is asked in; null once answered 404 (a store this login does not see does
 * not exist for it, as its API routes answer).
 */
export function pageAsked(
  request: FastifyRequest<{ Querystring: PageQuery }>,
  reply: FastifyReply,
  deps: PageDeps,
): PageAsked | null {
  const asked = request.query.lang;
  const lang = asked !== undefined ? langOf(asked) : loginLang(request);
  if (asked !== undefined) reply.setCookie(LANG_COOKIE, lang, { path: '/', sameSite: 'strict', httpOnly: true });
  const t = TEXTS[lang];
  const h: Html = (key) => escapeHtml(t[key]);
  const stores = deps.stores(request);
  if (!deps.many) return { lang, store: null, desk: stores[0] ?? null, h };
  const wanted = request.query.store ?? request.cookies[STORE_COOKIE];
  const current = stores.find((desk) => desk.id.toLowerCase() === wanted?.toLowerCase());
  if (request.query.store !== undefined && !current) {
    void reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .send(`no store "${request.query.store.slice(0, 64)}"`);
    return null;
  }
  if (current) reply.setCookie(STORE_COOKIE, current.id, { path: '/', sameSite: 'strict', httpOnly: true });
  const desk = current ?? stores[0] ?? null;
  return { lang, store: pageStore(desk, stores, lang), desk, h };
}

/** The page's `store=` query part (`&amp;store=north`, escaped for an attribute), or ''. */
export function storeQuery(store: PageStore | null, first = '&amp;'): string {
  return store?.current ? `${first}store=${encodeURIComponent(store.current.id)}` : '';
}

/** Sends a page rendered with its nonce, under the headers every page has. */
export function sendPage(reply: FastifyReply, render: (nonce: string) => string): FastifyReply {
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
      .send(render(nonce))
  );
}

/** Texts for the script, safe inside a <script type="application/json"> element. */
function textsJson(texts: Texts): string {
  return JSON.stringify(texts).replace(/</g, '\\u003c');
}

export interface Shell {
  asked: PageAsked;
  nonce: string;
  /** The page's own path, for the link to it in the other language. */
  path: string;
  /** The page's title after the console's (a batch's id), or none. */
  title?: string;
  main: string;
}

export function shell({ asked, nonce, path, title, main }: Shell): string {
  const { lang, store, h } = asked;
  const other: Lang = lang === 'ar' ? 'en' : 'ar';
  const heading = title ? `${h('title')}: ${escapeHtml(title)}` : h('title');
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading}</title><style nonce="${nonce}">${PAGE_STYLE}</style></head>
<body>
<header><h1><a href="/${storeQuery(store, '?')}" id="home-title">${h('title')}</a></h1>
<nav>${store ? storeSwitch(store, h) : ''}<a href="${GUIDE_PATH}?lang=${lang}" id="guide-link">${h('guide')}</a><a href="${path}?lang=${other}${storeQuery(store)}" lang="${other}" hreflang="${other}" id="lang-switch">${h('language')}</a>
<form method="post" action="/logout"><button type="submit">${h('logout')}</button></form></nav></header>
<main>
${store && !store.current ? `<p id="no-store" role="alert">${h('no_store')}</p>` : main}
</main>
<script id="texts" type="application/json">${textsJson(TEXTS[lang])}</script>
<script id="store" type="application/json">${storeJson(store)}</script>
<script type="module" nonce="${nonce}" src="${PAGE_SCRIPT_PATH}"></script>
</body></html>`;
}
