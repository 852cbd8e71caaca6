/**
 * Pure token-lifetime arithmetic. The reference does not say whether `expires_in` is an absolute
 * Unix time or a duration, so both are read; the JWT's own `exp`, when present, wins if earlier.
 */
import { decodeJwt } from 'jose';

/** An `expires_in` above this (2001-09-09 in Unix seconds) is an absolute time, not a duration. */
export const ABSOLUTE_THRESHOLD_SECONDS = 1_000_000_000;

/** The JWT's `exp` in Unix seconds, or undefined when the token is not a readable JWT. */
export function jwtExpiry(token: string): number | undefined {
  return jwtTimes(token).exp;
}

/** Milliseconds since the epoch at which the token expires. */
export function tokenExpiresAt(expiresIn: number, jwtExpSeconds: number | undefined, nowMs: number): number {
  const fromExpiresIn = expiresIn > ABSOLUTE_THRESHOLD_SECONDS ? expiresIn * 1000 : nowMs + expiresIn * 1000;
  return jwtExpSeconds === undefined ? fromExpiresIn : Math.min(fromExpiresIn, jwtExpSeconds * 1000);
}

/**
 * The token's lifetime as the store states it, read so that no clock comparison is needed: a
 * duration `expires_in`, or the JWT's `exp - iat` (both stamped by the store's clock). Undefined
 * when the store states only an absolute expiry (then our clock must be compared with it).
 */
export function statedLifetimeMs(expiresIn: number, jwt: { iat?: number; exp?: number }): number | undefined {
  const lives: number[] = [];
  if (expiresIn <= ABSOLUTE_THRESHOLD_SECONDS) lives.push(expiresIn * 1000);
  if (jwt.iat !== undefined && jwt.exp !== undefined) lives.push((jwt.exp - jwt.iat) * 1000);
  return lives.length === 0 ? undefined : Math.max(0, Math.min(...lives));
}

/** The JWT's `iat` and `exp` in Unix seconds, each undefined when absent or unreadable. */
export function jwtTimes(token: string): { iat?: number; exp?: number } {
  try {
    const { iat, exp } = decodeJwt(token);
    const times: { iat?: number; exp?: number } = {};
    if (typeof iat === 'number' && Number.isFinite(iat)) times.iat = iat;
    if (typeof exp === 'number' && Number.isFinite(exp)) times.exp = exp;
    return times;
  } catch {
    return {};
  }
}

/** Renewal leaves at most this much of a long-lived token unused. */
export const MAX_RENEW_MARGIN_MS = 60_000;

/**
 * How long after login a token of this life is used: until a quarter of its life remains, at
 * most MAX_RENEW_MARGIN_MS before its end. A 1 h token is used 59 min, a 5 s one 3.75 s; there
 * is no floor, so a token of any lifetime is renewed before it expires.
 */
export function usableFor(lifeMs: number): number {
  return Math.max(0, lifeMs - Math.min(MAX_RENEW_MARGIN_MS, lifeMs / 4));
}

/**
 * Used only when the store states no lifetime and its absolute expiry already lies in our past:
 * the store's clock runs behind ours, so nothing tells how long the token really lives. It is
 * used this long (a token that did expire is refused, and the client logs in once and retries).
 */
export const UNKNOWN_LIFE_REUSE_MS = 10_000;

/**
 * When to stop using a token and log in again: the earlier of what its stated lifetime allows
 * (immune to a difference between the store's clock and ours) and what its expiry allows by our
 * clock (which also counts the time the login answer took, and whole-second expiries).
 */
export function refreshAt(expiresAtMs: number, nowMs: number, statedLifeMs?: number): number {
  const remaining = expiresAtMs - nowMs;
  const candidates: number[] = [];
  if (statedLifeMs !== undefined) candidates.push(nowMs + usableFor(statedLifeMs));
  if (remaining > 0) candidates.push(nowMs + usableFor(remaining));
  return candidates.length === 0 ? nowMs + UNKNOWN_LIFE_REUSE_MS : Math.min(...candidates);
}
