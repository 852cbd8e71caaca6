/**
 * The language an API answer's texts are in: `?lang=` when given, else the first language of
 * Accept-Language that the console speaks (English or Arabic), else English.
 */
import type { FastifyRequest } from 'fastify';
import { isLang, langOfAcceptLanguage, type Lang } from '../messages/index.ts';

export function requestLang(request: FastifyRequest): Lang {
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  if (isLang(asked)) return asked;
  const header = request.headers['accept-language'];
  return langOfAcceptLanguage(typeof header === 'string' ? header : undefined);
}
