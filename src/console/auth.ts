/**
 * Who may use the console: a request carrying `Authorization: Bearer <token>` (scripts), or a
 * browser holding a session cookie it got by logging in with the same token. Sessions live in this
 * process's memory: restarting `serve` logs everybody out, which is what a changed token should do.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tokenMatches } from './token.ts';

export const SESSION_COOKIE = 'catalog_sync_session';
const SESSION_MS = 12 * 60 * 60 * 1000;

export class Sessions {
  private readonly live = new Map<string, number>();

  constructor(private readonly clock: () => number = Date.now) {}

  open(): { id: string; maxAgeSeconds: number } {
    const id = randomBytes(32).toString('base64url');
    this.prune();
    this.live.set(id, this.clock() + SESSION_MS);
    return { id, maxAgeSeconds: SESSION_MS / 1000 };
  }

  valid(id: string | undefined): boolean {
    if (id === undefined) return false;
    const expires = this.live.get(id);
    if (expires === undefined) return false;
    if (expires > this.clock()) return true;
    this.live.delete(id);
    return false;
  }

  close(id: string | undefined): void {
    if (id !== undefined) this.live.delete(id);
  }

  private prune(): void {
    const now = this.clock();
    for (const [id, expires] of this.live) if (expires <= now) this.live.delete(id);
  }
}

export type Credential = 'bearer' | 'session' | null;

/** Which credential the request carries and that holds; null when none does. */
export function credentialOf(request: FastifyRequest, token: string, sessions: Sessions): Credential {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    // A wrong bearer token is a wrong credential, even with a good cookie beside it.
    return match && tokenMatches(token, match[1]) ? 'bearer' : null;
  }
  return sessions.valid(request.cookies[SESSION_COOKIE]) ? 'session' : null;
}

/**
 * Who the request is logged in as, for what is counted per login (event-streams.ts): its session,
 * or the bearer token (every script holding it is one login). Only for a request that passed the login.
 */
export function loginOf(request: FastifyRequest): string {
  return request.headers.authorization !== undefined ? 'bearer' : `session:${request.cookies[SESSION_COOKIE] ?? ''}`;
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
