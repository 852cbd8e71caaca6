/**
 * The language an API answer's texts are in: `?lang=` when given, else the first language of
 * Accept-Language that the console speaks (English or Arabic), else English.
 */
import type { FastifyRequest } from 'fastify';

export type ApiLang = 'en' | 'ar';

export function requestLang(request: FastifyRequest): ApiLang {
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  if (asked === 'ar' || asked === 'en') return asked;
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag === 'ar' || tag.startsWith('ar-')) return 'ar';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}
