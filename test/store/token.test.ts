import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { jwtExpiry, refreshAt, tokenExpiresAt } from '../../src/store/token.ts';

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
    [100_000, 90_000],
    [20_000, 18_000],
    // short-lived, or already expired by our clock (the store's runs behind): reused 10 s anyway,
    // so calls do not each log in; a refusal then triggers the one re-login
    [2_000, 10_000],
    [0, 10_000],
    [-3_600_000, 10_000],
  ])('a token living %i ms is dropped at %i ms', (life, expected) => {
    expect(refreshAt(NOW + life, NOW) - NOW).toBe(expected);
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
