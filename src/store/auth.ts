/**
 * The token cache: one login at a time per process (single flight), shared by every concurrent
 * call; the token is reused until shortly before it expires. The login itself is passed in.
 */
import type { Session } from './types.ts';

export interface LoginResult {
  token: string;
  /** Ms epoch at which the token expires. */
  expiresAt: number;
  /** Ms epoch after which the cache logs in again instead of using the token. */
  refreshAt: number;
  session: Session;
}

export class TokenCache {
  private current: LoginResult | undefined;
  private inflight: Promise<LoginResult> | undefined;
  private loginCount = 0;

  constructor(
    private readonly login: () => Promise<LoginResult>,
    private readonly now: () => number,
  ) {}

  /** A usable login: the cached one, or the result of the one login in flight, or a new one. */
  async valid(): Promise<LoginResult> {
    const current = this.current;
    if (current !== undefined && this.now() < current.refreshAt) return current;
    return this.refresh();
  }

  /**
   * Whether `token` may still be sent now: it is the cached one and not due for renewal. A call
   * asks again just before its request leaves, since waiting for a slot and the rate gate can
   * outlast a short-lived token.
   */
  usable(token: string): boolean {
    const current = this.current;
    return current !== undefined && current.token === token && this.now() < current.refreshAt;
  }

  /**
   * Forgets `token` after the store denied it, but only if it is still the cached one: when many
   * calls are denied the same stale token at once, the first invalidates it and logs in, the rest
   * find the new token (or join the login in flight) instead of each logging in again.
   */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  /** Logins started so far (for diagnostics and tests). */
  get logins(): number {
    return this.loginCount;
  }

  private refresh(): Promise<LoginResult> {
    if (this.inflight === undefined) {
      this.loginCount += 1;
      this.inflight = this.login()
        .then((result) => {
          this.current = result;
          return result;
        })
        .finally(() => {
          this.inflight = undefined;
        });
    }
    return this.inflight;
  }
}
