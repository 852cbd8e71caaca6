/**
 * The login form, in English or Arabic (right to left): the language a person asked for
 * (`?lang=`, the page's language cookie, else Accept-Language). The form carries it on, so the
 * page opens in the same language after the login.
 */
import type { FastifyRequest } from 'fastify';
import { langOfAcceptLanguage, type Lang } from '../messages/index.ts';
import { escapeHtml, forEngineers } from './html.ts';
import { LOGIN_TEXTS } from '../messages/console.ts';

/** The page's language cookie (pages.ts sets it when a person picks a language). */
export const LANG_COOKIE = 'catalog_sync_lang';

const STYLE =
  'body{font:16px system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}' +
  'input,button{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;margin:.25rem 0}.error{color:#b00020}' +
  '.engineers{margin-block-start:2rem;color:#444;font-size:.9rem}summary{cursor:pointer}';

/**
 * The language a login or page request asked for: a `lang` query or form field, the page's cookie,
 * else the browser's Accept-Language.
 */
export function loginLang(request: FastifyRequest, field?: unknown): Lang {
  const asked = field ?? (request.query as { lang?: unknown } | undefined)?.lang ?? request.cookies[LANG_COOKIE];
  if (asked === 'ar' || asked === 'en') return asked;
  const header = request.headers['accept-language'];
  return langOfAcceptLanguage(typeof header === 'string' ? header : undefined);
}

/**
 * Where a login goes: the page, asked in the login's language when the page would not open in it
 * by itself (a `lang` field or query chose another language than the page's cookie).
 */
export function pageAfterLogin(request: FastifyRequest, lang: Lang, next?: unknown): string {
  const page = pageAsked(next) ?? '/';
  if (lang === pageLangOf(request)) return page;
  const url = new URL(page, 'http://console');
  url.searchParams.set('lang', lang);
  return `${url.pathname}${url.search}`;
}

/**
 * The page a person asked for before the login form (an e-mail's link to a batch), carried as
 * `next`: only a path of this console, never another site (`//host`, `\\host`, a scheme) nor the
 * login itself, so a crafted link cannot send a fresh session elsewhere.
 */
export function pageAsked(next: unknown): string | null {
  if (typeof next !== 'string' || next.length > 2000 || !next.startsWith('/')) return null;
  if (next.startsWith('//') || next.includes('\\') || /\p{Cc}/u.test(next)) return null;
  const url = new URL(next, 'http://console');
  if (url.origin !== 'http://console' || url.pathname === '/login') return null;
  return `${url.pathname}${url.search}`;
}

function pageLangOf(request: FastifyRequest): Lang {
  return request.cookies[LANG_COOKIE] === 'ar' ? 'ar' : 'en';
}

export function loginPage(request: FastifyRequest, lang: Lang, failed: boolean, many: boolean): string {
  const t = LOGIN_TEXTS[lang];
  const h = (text: string): string => escapeHtml(text);
  // Carried to the page only when it would open in another language.
  const langField = lang === pageLangOf(request) ? '' : `<input type="hidden" name="lang" value="${lang}">`;
  const next = pageAsked((request.query as { next?: unknown } | undefined)?.next ?? bodyNext(request));
  const carried = next ? `${langField}<input type="hidden" name="next" value="${h(next)}">` : langField;
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${h(t.title)}</title><style>${STYLE}</style></head>
<body><main><h1>${h(t.heading)}</h1>
<form method="post" action="/login">${carried}
<label for="token">${h(t.token_label(many))}</label>
<input id="token" name="token" type="password" autocomplete="current-password" required autofocus dir="ltr">
${failed ? `<p class="error" role="alert">${h(t.wrong_token)}</p>` : ''}<button type="submit">${h(t.log_in)}</button></form>
${forEngineers(h(t.for_engineers), `<p>${h(t.token_engineers(many))}</p>`)}</main></body></html>`;
}

function bodyNext(request: FastifyRequest): unknown {
  return (request.body as { next?: unknown } | undefined)?.next;
}
