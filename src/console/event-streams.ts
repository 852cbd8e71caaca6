/**
 * How many live progress streams (server-sent events) the console keeps open: each holds a
 * connection and reads its batch every second (from Redis with the queue), so an unbounded number
 * (500 were accepted) is a way to exhaust the console. The page keeps one stream open at a time,
 * and a browser opens at most six connections to one host, so a login with more than
 * `PER_LOGIN` open is several tabs or a script; `TOTAL` serves a team of operators with room.
 * Past them: 429 (this login) or 503 (the console), with a message saying what to do.
 */

export const EVENT_STREAM_LIMITS = { perLogin: 8, total: 64 } as const;

export type StreamAdmission = { ok: true; release: () => void } | { ok: false; status: 429 | 503; message: string };

export class EventStreams {
  private readonly open = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: { perLogin: number; total: number } = EVENT_STREAM_LIMITS) {}

  /** A stream for `login` (a session, or the bearer token), or why not; release() once it closes. */
  admit(login: string): StreamAdmission {
    const mine = this.open.get(login) ?? 0;
    if (mine >= this.limits.perLogin)
      return {
        ok: false,
        status: 429,
        message: `too many live progress streams for this login: at most ${this.limits.perLogin} at once; close a tab that watches a batch, or poll GET /api/batches/{id}`,
      };
    if (this.total >= this.limits.total)
      return {
        ok: false,
        status: 503,
        message: `the console serves at most ${this.limits.total} live progress streams at once; try again shortly, or poll GET /api/batches/{id}`,
      };
    this.open.set(login, mine + 1);
    this.total += 1;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.total -= 1;
        const left = (this.open.get(login) ?? 1) - 1;
        if (left > 0) this.open.set(login, left);
        else this.open.delete(login);
      },
    };
  }
}
