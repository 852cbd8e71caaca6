import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { jwtExpiry, refreshAt, statedLifetimeMs, tokenExpiresAt } from '../../src/store/token.ts';

const NOW = Date.parse('2026-11-22T03:00:00Z');
const nowSeconds = NOW / 1000;

describe('tokenExpiresAt', () => {
  it.each<[string, number, number | undefined, number]>([
    ['duration', 3600, undefined, NOW + 3_600_000],
    ['absolute Unix seconds', nowSeconds + 600, undefined, NOW + 600_000],
    ['JWT exp earlier than a duration', 3600, nowSeconds + 60, NOW + 60_000],
    ['duration earlier than JWT exp', 30, nowSeconds + 3600, NOW + 30_000],
    ['JWT exp earlier than an absolute time', nowSeconds + 3600, nowSeconds + 120, NOW + 120_000],
    ['just at the threshold is still a duration', 1_000_000_000, undefined, NOW + 1_000_000_000_000],
  ])('%s', (_label, expiresIn, jwtExp, expected) => {
    expect(tokenExpiresAt(expiresIn, jwtExp, NOW)).toBe(expected);
  });
});

describe('refreshAt', () => {
  it.each<[number, number]>([
    [3_600_000, 3_600_000 - 60_000],
    [100_000, 75_000],
    [20_000, 15_000],
    // short-lived tokens are renewed before they expire, whatever their lifetime
    [5_000, 3_750],
    [2_000, 1_500],
    // already expired by our clock and no stated lifetime (the store's clock runs behind): reused
    // 10 s, so calls do not each log in; a refusal then triggers the one re-login
    [0, 10_000],
    [-3_600_000, 10_000],
  ])('a token living %i ms by our clock is dropped at %i ms', (life, expected) => {
    expect(refreshAt(NOW + life, NOW) - NOW).toBe(expected);
  });

  it.each<[string, number, number, number]>([
    ['a stated 5 s life, 4.2 s left by our clock (whole-second expiry): the shorter wins', 4_200, 5_000, 3_150],
    [
      "a stated 1 h life, expired by our clock (the store's runs behind): the stated life",
      -7_200_000,
      3_600_000,
      3_540_000,
    ],
    ['a stated 5 s life, 1 h left by our clock: the stated life', 3_600_000, 5_000, 3_750],
  ])('%s', (_label, remaining, stated, expected) => {
    expect(refreshAt(NOW + remaining, NOW, stated) - NOW).toBe(expected);
  });
});

describe('statedLifetimeMs', () => {
  it.each<[string, number, { iat?: number; exp?: number }, number | undefined]>([
    ['a duration expires_in', 600, {}, 600_000],
    [
      'a JWT exp - iat beside an absolute expires_in',
      nowSeconds + 600,
      { iat: nowSeconds, exp: nowSeconds + 5 },
      5_000,
    ],
    ['the shorter of a duration and exp - iat', 600, { iat: nowSeconds, exp: nowSeconds + 3600 }, 600_000],
    ['nothing stated: an absolute expires_in and no iat', nowSeconds + 600, { exp: nowSeconds + 600 }, undefined],
  ])('%s', (_label, expiresIn, jwt, expected) => {
    expect(statedLifetimeMs(expiresIn, jwt)).toBe(expected);
  });
});

describe('jwtExpiry', () => {
  it('reads exp from a JWT without verifying it', async () => {
    const token = await new SignJWT({ sub: 'v' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(nowSeconds + 90)
      .sign(new TextEncoder().encode('k'.repeat(32)));
    expect(jwtExpiry(token)).toBe(nowSeconds + 90);
  });

  it('is undefined for a token that is not a JWT or has no exp', async () => {
    expect(jwtExpiry('opaque-token')).toBeUndefined();
    const noExp = await new SignJWT({ sub: 'v' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('k'.repeat(32)));
    expect(jwtExpiry(noExp)).toBeUndefined();
  });
});
