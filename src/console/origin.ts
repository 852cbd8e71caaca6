/**
 * Cross-site request forgery guard for state-changing requests (POST and the like): a browser
 * always sends `Origin` with them, so one from another site is refused. A request without
 * `Origin` comes from a script, which must then carry the bearer token (a cookie alone is what a
 * forged request would ride on).
 */
import type { Credential } from './auth.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type OriginVerdict = 'ok' | 'cross-site' | 'no-origin';

/**
 * Pure: whether a request may change state, from its method, Origin, Host and credential. The
 * console's own origin is the Host it was reached at, or `publicOrigin` (CONSOLE_URL): a
 * proxy may pass its own address upstream as Host.
 */
export function originVerdict(
  method: string,
  origin: string | undefined,
  host: string | undefined,
  credential: Credential['via'] | null,
  publicOrigin?: string,
): OriginVerdict {
  if (SAFE_METHODS.has(method.toUpperCase())) return 'ok';
  if (origin === undefined) return credential === 'bearer' ? 'ok' : 'no-origin';
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return 'cross-site';
  }
  if (publicOrigin !== undefined && parsed.origin === publicOrigin) return 'ok';
  return host !== undefined && parsed.host.toLowerCase() === host.toLowerCase() ? 'ok' : 'cross-site';
}
