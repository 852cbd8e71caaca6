/**
 * Kept-alive connections to the store, never reused once idle too long. A server closes a
 * connection that sat idle past its own timeout (Node's servers after 5 s, load balancers after
 * about 60 s); a request written on it as it closes meets a reset, and for a create a reset is no
 * proof that nothing was applied (classify.ts: AMBIGUOUS), so the row would end `unknown`. A retry
 * cannot be the fix: prevention is. So a connection idle for `idleMs` (STORE_KEEP_ALIVE_MS, below
 * common server timeouts), or for a second less than the timeout the store announces
 * (`Keep-Alive: timeout=N`, which Node's agent reads), is closed by its timer; and since timers
 * run late on a busy machine (a long synchronous stretch, a starved process), it is checked again
 * as a request is about to take it (`dropIdle`), where a late timer would have let it through.
 *
 * Written here rather than taken from agentkeepalive: its `freeSocketTimeout` is the timer half
 * only, which is exactly what runs late.
 */
import { Agent as HttpAgent, type AgentOptions } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Duplex } from 'node:stream';

export interface StorePool {
  /** The agent every request to the store goes through. */
  agent: HttpAgent;
  /** Closes the pool's connections idle for their limit or longer; how many it closed. */
  dropIdle(): number;
}

/**
 * `idleMs` 0: no connection is kept (each request opens its own). `now` is monotonic
 * milliseconds (performance.now), injectable for tests.
 */
export function storePool(secure: boolean, idleMs: number, now: () => number = () => performance.now()): StorePool {
  if (idleMs === 0) {
    const agent = secure ? new HttpsAgent({ keepAlive: false }) : new HttpAgent({ keepAlive: false });
    return { agent, dropIdle: () => 0 };
  }
  const idle = new IdleSockets(now);
  // `timeout` is the free socket's timer: Node's agent lowers it to the store's announced timeout
  // minus a second (and keeps no socket when that leaves nothing), and destroys the socket when it fires.
  const options: AgentOptions = { keepAlive: true, timeout: idleMs };
  const agent = secure ? new IdleLimitedHttpsAgent(options, idle) : new IdleLimitedHttpAgent(options, idle);
  return { agent, dropIdle: () => idle.drop(agent, idleMs) };
}

/** When each free socket became free, and its limit then (the agent's timer, as Node set it). */
class IdleSockets {
  private readonly freed = new WeakMap<Duplex, { at: number; limitMs: number | undefined }>();

  constructor(private readonly now: () => number) {}

  /** The agent's answer to "keep this socket?", noting when a kept one became free. */
  kept(socket: Duplex & { timeout?: number | undefined }, keep: unknown): boolean {
    // @types/node declares keepSocketAlive void; Node returns false when the socket must not be kept.
    if (keep === false) return false;
    this.freed.set(socket, { at: this.now(), limitMs: socket.timeout });
    return true;
  }

  drop(agent: HttpAgent, idleMs: number): number {
    const now = this.now();
    let dropped = 0;
    for (const sockets of Object.values(agent.freeSockets)) {
      for (const socket of [...(sockets ?? [])]) {
        const freed = this.freed.get(socket);
        if (freed && now - freed.at < Math.min(idleMs, freed.limitMs || idleMs)) continue;
        // Destroyed, the socket is no longer writable, so 'agentRemove' (the documented way to take
        // a socket from an agent) takes it out of the free list now, before any request can.
        socket.destroy();
        socket.emit('agentRemove');
        dropped++;
      }
    }
    return dropped;
  }
}

class IdleLimitedHttpAgent extends HttpAgent {
  constructor(
    options: AgentOptions,
    private readonly idle: IdleSockets,
  ) {
    super(options);
  }

  override keepSocketAlive(socket: Duplex): boolean {
    return this.idle.kept(socket, super.keepSocketAlive(socket));
  }
}

class IdleLimitedHttpsAgent extends HttpsAgent {
  constructor(
    options: AgentOptions,
    private readonly idle: IdleSockets,
  ) {
    super(options);
  }

  override keepSocketAlive(socket: Duplex): boolean {
    return this.idle.kept(socket, super.keepSocketAlive(socket));
  }
}
