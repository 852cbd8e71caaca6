/**
 * Who may use the console: a request carrying `Authorization: Bearer <token>` (scripts), or a
 * browser holding a session cookie it got by logging in with a token. The token is the agency's
 * (CONSOLE_TOKEN) or a store's own (logins.ts), and the session remembers which login it is.
 * Sessions live in this process's memory: restarting `serve` logs everybody out, which is what a
 * changed token should do.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loginKey, type Login, type Logins } from './logins.ts';

export const SESSION_COOKIE = 'catalog_sync_session';
const SESSION_MS = 12 * 60 * 60 * 1000;

export class Sessions {
  private readonly live = new Map<string, { expires: number; login: Login }>();

  constructor(private readonly clock: () => number = Date.now) {}

  open(login: Login): { id: string; maxAgeSeconds: number } {
    const id = randomBytes(32).toString('base64url');
    this.prune();
    this.live.set(id, { expires: this.clock() + SESSION_MS, login });
    return { id, maxAgeSeconds: SESSION_MS / 1000 };
  }

  /** The login of a session that holds, or null. */
  login(id: string | undefined): Login | null {
    if (id === undefined) return null;
    const session = this.live.get(id);
    if (session === undefined) return null;
    if (session.expires > this.clock()) return session.login;
    this.live.delete(id);
    return null;
  }

  close(id: string | undefined): void {
    if (id !== undefined) this.live.delete(id);
  }

  private prune(): void {
    const now = this.clock();
    for (const [id, session] of this.live) if (session.expires <= now) this.live.delete(id);
  }
}

export interface Credential {
  via: 'bearer' | 'session';
  login: Login;
}

/** Which credential the request carries and that holds; null when none does. */
export function credentialOf(request: FastifyRequest, logins: Logins, sessions: Sessions): Credential | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    // A wrong bearer token is a wrong credential, even with a good cookie beside it.
    const login = match ? logins.of(match[1]) : null;
    return login ? { via: 'bearer', login } : null;
  }
  const login = sessions.login(request.cookies[SESSION_COOKIE]);
  return login && logins.holds(login) ? { via: 'session', login } : null;
}

/** The credential of each request that passed the login (server.ts), for the routes behind it. */
const passed = new WeakMap<FastifyRequest, Credential>();

export function rememberCredential(request: FastifyRequest, credential: Credential): void {
  passed.set(request, credential);
}

/** The login of a request that passed the login; a request that did not sees nothing. */
export function loginOf(request: FastifyRequest): Login | null {
  return passed.get(request)?.login ?? null;
}

/**
 * Who the request is logged in as, for what is counted per login (event-streams.ts): its session,
 * or the bearer token (every script holding one token is one login). Only for a request that passed the login.
 */
export function streamKeyOf(request: FastifyRequest): string {
  const credential = passed.get(request);
  if (credential?.via === 'bearer') return `bearer:${loginKey(credential.login)}`;
  return `session:${request.cookies[SESSION_COOKIE] ?? ''}`;
}

/**
 * `publicUrl`: where browsers reach the console (CONSOLE_URL). Behind a TLS proxy this
 * process sees plain http from the proxy, so only the setting can say the browser uses https, and
 * then the cookie must never travel in clear.
 */
export function setSessionCookie(
  reply: FastifyReply,
  session: { id: string; maxAgeSeconds: number },
  publicUrl: string | undefined,
): void {
  reply.setCookie(SESSION_COOKIE, session.id, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    maxAge: session.maxAgeSeconds,
    secure: publicUrl?.startsWith('https:') ? true : 'auto',
  });
}
