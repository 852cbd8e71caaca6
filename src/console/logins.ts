/**
 * Who a console login is, and which stores it sees. The agency's token (CONSOLE_TOKEN) sees every
 * store the console serves; a store's own token (`console_token_file` in the stores file) sees
 * that store alone (or, should two stores hold the same token, both). A store with no token of
 * its own is reached with the agency's only. Only digests are kept (token.ts), never a token.
 */
import { digestsMatch, tokenDigest } from './token.ts';

export type Login = { readonly agency: true } | { readonly agency: false; readonly token: Buffer };

export const AGENCY: Login = { agency: true };

export class Logins {
  private readonly agency: Buffer;

  /** `storeTokens`: the digests of the store tokens of the stores served now. */
  constructor(
    agencyToken: string,
    private readonly storeTokens: () => Iterable<Buffer>,
  ) {
    this.agency = tokenDigest(agencyToken);
  }

  /**
   * The login a token opens, or null. The offered token is hashed once and compared with every
   * login's digest, in constant time each and without stopping at a match, so the time taken
   * says nothing of which (if any) matched.
   */
  of(offered: string | undefined): Login | null {
    if (offered === undefined) return null;
    const digest = tokenDigest(offered);
    const agency = digestsMatch(this.agency, digest);
    let store = false;
    for (const token of this.storeTokens()) store = digestsMatch(token, digest) || store;
    if (agency) return AGENCY;
    return store ? { agency: false, token: digest } : null;
  }

  /**
   * Whether a login still opens the console: a store's token only while a store served holds it,
   * so a session of a store that left the stores file, or whose token changed, is logged out.
   */
  holds(login: Login): boolean {
    if (login.agency) return true;
    for (const token of this.storeTokens()) if (digestsMatch(token, login.token)) return true;
    return false;
  }
}

/** Whether `login` sees a store whose own token has this digest (null: it has none). */
export function sees(login: Login, storeToken: Buffer | null): boolean {
  return login.agency || (storeToken !== null && digestsMatch(storeToken, login.token));
}

/** A short name of the login for what is counted per login (event-streams.ts); no secret. */
export function loginKey(login: Login): string {
  return login.agency ? 'agency' : `store:${login.token.subarray(0, 8).toString('hex')}`;
}
