/** Which language a person asked for: a flag, the locale, or an HTTP Accept-Language header. */
import { LANGS, type Lang } from './types.ts';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** `ar`, `ar_SA.UTF-8`, `ar-EG`: Arabic; anything else (or nothing) is English. */
export function langOfLocale(locale: string | undefined): Lang {
  return locale !== undefined && /^ar(?:$|[_.@-])/i.test(locale.trim()) ? 'ar' : 'en';
}

/**
 * The CLI's language: `--lang` when given, else the locale as POSIX ranks it (LC_ALL, then
 * LC_MESSAGES, then LANG); English unless one of them says Arabic.
 */
export function cliLang(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): Lang {
  if (flag !== undefined) return langOfLocale(flag);
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== '');
  return langOfLocale(locale);
}

/** The first language of an Accept-Language header we speak, by its q weight; English when none. */
export function langOfAcceptLanguage(header: string | undefined): Lang {
  if (header === undefined) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((item) => item.tag !== '' && item.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'ar' || tag.startsWith('ar-')) return 'ar';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}
