/** URL settings: how one is read, and the rule for every address catalog-sync sends to. */
import { z } from 'zod';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * A URL setting: read, then `problem` says what is wrong with it (undefined: nothing), else
 * `keep` gives the value kept. `example` completes the message for text that is no URL at all;
 * `quote`: whether that message may repeat the text (not for a URL that may hold a secret).
 */
export function urlSetting(parts: {
  example: string;
  quote: boolean;
  problem: (url: URL) => string | undefined;
  keep: (url: URL) => string;
}) {
  return z
    .string()
    .trim()
    .min(1, 'is empty')
    .transform((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        const what = parts.quote ? `"${value}" is not a URL` : 'is not a URL';
        ctx.addIssue({ code: 'custom', message: `${what} (expected e.g. ${parts.example})` });
        return z.NEVER;
      }
      const problem = parts.problem(url);
      if (problem === undefined) return parts.keep(url);
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    });
}

/** https, or http to this machine only: the rule for every address catalog-sync sends to. */
export function notHttpsOrLoopback(url: URL): string | undefined {
  return url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))
    ? `must use https (http is allowed only for 127.0.0.1/localhost), got ${url.protocol}//${url.host}`
    : undefined;
}
