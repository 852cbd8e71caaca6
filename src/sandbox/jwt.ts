/**
 * Access tokens: HS256 JWTs with an `exp` claim, signed with a random per-instance secret.
 * Verification runs on every call; a token whose signature was checked once is remembered with
 * its expiry, so the hot path is one Map lookup and a comparison (benches send thousands/s).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Bounds the cache: a bench that logs in very often must not grow it without end. */
const MAX_CACHED_TOKENS = 10_000;

export interface IssuedToken {
  token: string;
  /** `exp` claim, Unix seconds. */
  exp: number;
}

export class TokenIssuer {
  private secret = randomBytes(32);
  /** Token -> exp in ms, for tokens whose signature verified. */
  private readonly verified = new Map<string, number>();

  constructor(
    private readonly ttlSeconds: number,
    private readonly clock: () => number,
    private readonly subject: string,
  ) {}

  async issue(): Promise<IssuedToken> {
    const iat = Math.floor(this.clock() / 1000);
    const exp = iat + this.ttlSeconds;
    const token = await new SignJWT({ vendor_id: '4242' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(this.subject)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(randomUUID()) // two logins in one second still get different tokens
      .sign(this.secret);
    return { token, exp };
  }

  /** True when the token is ours, unexpired by the sandbox clock, and issued since the last revoke. */
  async isValid(token: string): Promise<boolean> {
    const now = this.clock();
    const cached = this.verified.get(token);
    if (cached !== undefined) return cached > now;
    const secret = this.secret;
    let expMs: number;
    try {
      // Expiry is checked below against the sandbox clock, not jose's.
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: new Date(0) });
      if (typeof payload.exp !== 'number') return false;
      expMs = payload.exp * 1000;
    } catch {
      return false;
    }
    if (secret !== this.secret) return false; // revoked while verifying
    if (this.verified.size >= MAX_CACHED_TOKENS) this.verified.clear();
    this.verified.set(token, expMs);
    return expMs > now;
  }

  /** Every token issued so far stops working (the store answers Access denied). */
  revokeAll(): void {
    this.secret = randomBytes(32);
    this.verified.clear();
  }
}
