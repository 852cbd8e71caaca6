/** The console's setting: the address people reach it at. */
import { urlSetting } from './url.ts';

/**
 * CONSOLE_URL: where people reach the console (`serve`), e.g. the TLS proxy's
 * https://console.example.com in front of it: its origin, for the session cookie (`Secure` when
 * https), absolute links (in pages and in notifications) and the Origin check. At the root of its
 * host only: the page's links are paths.
 */
const consoleUrl = urlSetting({
  example: 'https://console.example.com',
  quote: true,
  problem: (url) =>
    url.protocol !== 'https:' && url.protocol !== 'http:'
      ? `must be an https URL (the TLS proxy's address), got ${url.protocol}`
      : url.username || url.password
        ? 'must not contain credentials'
        : url.pathname !== '/' || url.search || url.hash
          ? `must be the console's address at the root of its host (e.g. ${url.origin}), without a path or query`
          : undefined,
  keep: (url) => url.origin,
});

export const consoleSettings = {
  consoleUrl: consoleUrl.optional(),
};

export const CONSOLE_ENV = {
  consoleUrl: 'CONSOLE_URL',
} as const satisfies Record<keyof typeof consoleSettings, string>;
