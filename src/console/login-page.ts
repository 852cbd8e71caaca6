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
export function pageAfterLogin(request: FastifyRequest, lang: Lang): string {
  return lang === pageLangOf(request) ? '/' : `/?lang=${lang}`;
}

function pageLangOf(request: FastifyRequest): Lang {
  return request.cookies[LANG_COOKIE] === 'ar' ? 'ar' : 'en';
}

export function loginPage(request: FastifyRequest, lang: Lang, failed: boolean, many: boolean): string {
  const t = LOGIN_TEXTS[lang];
  // Carried to the page only when it would open in another language.
  const carried = lang === pageLangOf(request) ? '' : `<input type="hidden" name="lang" value="${lang}">`;
  const h = (text: string): string => escapeHtml(text);
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${h(t.title)}</title><style>${STYLE}</style></head>
<body><main><h1>${h(t.heading)}</h1>
<form method="post" action="/login">${carried}
<label for="token">${h(t.token_label(many))}</label>
<input id="token" name="token" type="password" autocomplete="current-password" required autofocus dir="ltr">
${failed ? `<p class="error" role="alert">${h(t.wrong_token)}</p>` : ''}<button type="submit">${h(t.log_in)}</button></form>
${forEngineers(h(t.for_engineers), `<p>${h(t.token_engineers(many))}</p>`)}</main></body></html>`;
}
