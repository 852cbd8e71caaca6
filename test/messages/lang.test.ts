/** Which language a person asked for: the CLI's flag and locale, an HTTP Accept-Language header. */
import { describe, expect, it } from 'vitest';
import { cliLang, langOfAcceptLanguage } from '../../src/messages/index.ts';

describe('the language asked for', () => {
  it.each([
    [undefined, {}, 'en'],
    [undefined, { LANG: 'ar_SA.UTF-8' }, 'ar'],
    [undefined, { LANG: 'ar' }, 'ar'],
    [undefined, { LANG: 'arn_CL.UTF-8' }, 'en'],
    [undefined, { LANG: 'en_US.UTF-8', LC_ALL: 'ar_EG.UTF-8' }, 'ar'],
    [undefined, { LANG: 'ar_SA.UTF-8', LC_ALL: 'C' }, 'en'],
    [undefined, { LANG: 'ar_SA.UTF-8', LC_ALL: '' }, 'ar'],
    ['en', { LANG: 'ar_SA.UTF-8' }, 'en'],
    ['ar', { LANG: 'C.UTF-8' }, 'ar'],
  ] as const)('--lang %s with %j: %s', (flag, env, lang) => {
    expect(cliLang(flag, env)).toBe(lang);
  });

  it.each([
    [undefined, 'en'],
    ['ar', 'ar'],
    ['ar-SA,ar;q=0.9,en;q=0.8', 'ar'],
    ['en-US,en;q=0.9,ar;q=0.8', 'en'],
    ['fr-FR,ar;q=0.5', 'ar'],
    ['en;q=0.2, ar;q=0.7', 'ar'],
    ['ar;q=0, en', 'en'],
    ['de', 'en'],
  ] as const)('Accept-Language %s: %s', (header, lang) => {
    expect(langOfAcceptLanguage(header)).toBe(lang);
  });
});
