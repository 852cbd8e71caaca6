/**
 * Pure token-lifetime arithmetic. The reference does not say whether `expires_in` is an absolute
 * Unix time or a duration, so both are read; the JWT's own `exp`, when present, wins if earlier.
 */
import { decodeJwt } from 'jose';

/** An `expires_in` above this (2001-09-09 in Unix seconds) is an absolute time, not a duration. */
export const ABSOLUTE_THRESHOLD_SECONDS = 1_000_000_000;

/** The JWT's `exp` in Unix seconds, or undefined when the token is not a readable JWT. */
export function jwtExpiry(token: string): number | undefined {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
  } catch {
    return undefined;
  }
}

/** Milliseconds since the epoch at which the token expires. */
export function tokenExpiresAt(expiresIn: number, jwtExpSeconds: number | undefined, nowMs: number): number {
  const fromExpiresIn = expiresIn > ABSOLUTE_THRESHOLD_SECONDS ? expiresIn * 1000 : nowMs + expiresIn * 1000;
  return jwtExpSeconds === undefined ? fromExpiresIn : Math.min(fromExpiresIn, jwtExpSeconds * 1000);
}

/**
 * The least time a fresh token is used before the client logs in again of its own accord. When
 * the store's clock runs behind ours, a token can look expired on arrival; without this floor
 * every call would log in first. A token that really is expired is refused with `Access denied`,
 * and the client then logs in once and retries.
 */
export const MIN_REUSE_MS = 10_000;

/**
 * When to stop using a token: shortly before it expires, by a tenth of its remaining life at
 * login, at most 60 s (so a short-lived token is still used for most of its life); never sooner
 * than MIN_REUSE_MS after the login.
 */
export function refreshAt(expiresAtMs: number, nowMs: number): number {
  const life = Math.max(0, expiresAtMs - nowMs);
  return Math.max(nowMs + MIN_REUSE_MS, expiresAtMs - Math.min(60_000, life / 10));
}
