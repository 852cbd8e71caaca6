/**
 * The operator's guide (docs/guide/operator.<lang>.md, with the page's pictures in docs/guide/img/),
 * served behind the page's login at /guide?lang=<lang>. Read from the package's docs/ folder, the
 * same two levels up from src/console/ and dist/console/.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { guideHtml, GUIDE_IMG_PATH } from './guide-markdown.ts';
import { escapeHtml } from './html.ts';
import { loginLang } from './login-page.ts';
import { PAGE_STYLE } from './page-style.ts';
import { langOf, TEXTS } from '../messages/console.ts';

export const GUIDE_PATH = '/guide';
const GUIDE_DIR = new URL('../../docs/guide/', import.meta.url);
const GUIDE_STYLE = 'main img{max-inline-size:100%;border:1px solid #ccc;border-radius:.3rem}';

export function registerGuide(app: FastifyInstance): void {
  app.get<{ Querystring: { lang?: string } }>(GUIDE_PATH, async (request, reply) => {
    const asked = request.query.lang;
    const lang = asked !== undefined ? langOf(asked) : loginLang(request);
    const t = TEXTS[lang];
    const other = lang === 'ar' ? 'en' : 'ar';
    const markdown = await readFile(new URL(`operator.${lang}.md`, GUIDE_DIR), 'utf8');
    const nonce = randomBytes(16).toString('base64');
    return reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        `default-src 'none'; img-src 'self'; style-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin').send(`<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.guide)}</title><style nonce="${nonce}">${PAGE_STYLE}${GUIDE_STYLE}</style></head>
<body><header><p><a href="/?lang=${lang}" id="guide-back">${escapeHtml(t.guide_back)}</a></p>
<nav><a href="${GUIDE_PATH}?lang=${other}" lang="${other}" hreflang="${other}">${escapeHtml(t.language)}</a></nav></header>
<main id="guide">${guideHtml(markdown)}</main></body></html>`);
  });

  app.get<{ Params: { name: string } }>(`${GUIDE_IMG_PATH}/:name`, async (request, reply) => {
    const { name } = request.params;
    if (!/^[a-z0-9-]+\.png$/.test(name)) return reply.code(404).send({ error: 'not found' });
    const picture = await readFile(new URL(`img/${name}`, GUIDE_DIR)).catch(() => null);
    if (!picture) return reply.code(404).send({ error: 'not found' });
    return reply.type('image/png').header('x-content-type-options', 'nosniff').send(picture);
  });
}
