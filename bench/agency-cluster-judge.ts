/**
 * The judge of bench/agency-cluster.ts: every store's /v1 requests as the kernel captured them on
 * the sandbox's one port (each to its store by its path's `/s/<n>/`), or as the stores' own logs
 * stamped them, and the 1 s windows over a store's limit with the requests that made them.
 */
import { maxInWindow } from '../src/sandbox/index.ts';
import type { Arrival, CapturedArrival } from './capture-support.ts';
import { fmt } from './sync-support.ts';

export interface StoreArrival extends Arrival {
  /** The client's port (in the capture): which connection, so which worker, sent it. */
  from?: number;
  /** The store's answer (in its log). */
  status?: number;
}

const STORE_PATH = /^\/s\/(\d+)(\/v1\/\S*)$/;

/** The captured /v1 requests of stores 1..`stores`, in time order, their paths as each store logs them (`/s/<n>` taken off). */
export function byStore(arrivals: readonly CapturedArrival[], stores: number): StoreArrival[][] {
  const lists = Array.from({ length: stores }, (): StoreArrival[] => []);
  for (const { path, at, from } of arrivals) {
    const match = STORE_PATH.exec(path);
    const list = match ? lists[Number(match[1]) - 1] : undefined;
    list?.push({ path: match![2]!, at, from });
  }
  return lists.map(inTimeOrder);
}

export const inTimeOrder = <T extends Arrival>(list: readonly T[]): T[] => [...list].sort((a, b) => a.at - b.at);

export const worstWindow = (list: readonly Arrival[]): number =>
  maxInWindow(
    list.map((a) => a.at),
    1000,
  );

export interface OverWindow {
  /** Index of the store (store i + 1). */
  store: number;
  /** Index in the store's time-ordered list of the window's first request, and how many it holds. */
  first: number;
  count: number;
}

/** Each 1 s window (from a request on) holding more than `rate` requests, once per run of them. */
export function overWindows(store: number, sorted: readonly Arrival[], rate: number): OverWindow[] {
  const found: OverWindow[] = [];
  let right = 0;
  for (let left = 0; left < sorted.length; left++) {
    while (right < sorted.length && sorted[right]!.at < sorted[left]!.at + 1000) right++;
    if (right - left <= rate) continue;
    const last = found.at(-1);
    if (last && last.store === store && sorted[left]!.at < sorted[last.first]!.at + 1000) continue;
    found.push({ store, first: left, count: right - left });
  }
  return found;
}

/** Date.now() is whole ms, the kernel's stamp µs: under 0.5 ms either way is none. */
const signedMs = (ms: number) => (Math.abs(ms) < 0.5 ? '0 ms' : `${ms > 0 ? '+' : ''}${fmt(ms)} ms`);

export interface WindowContext {
  /** ms epoch every time is told from. */
  since: number;
  killedAt?: number;
  joinedAt?: number;
  /** Per store, time-ordered: what judged, and the other clock's account beside it (the log's stamps and answers, or the kernel's). */
  judged: StoreArrival[][];
  beside: StoreArrival[][];
  /** What `beside` is: `log` or `kernel`. */
  besideName: string;
  /** Which worker opened the connection on a client port. */
  ownerOf: (port: number) => string | undefined;
  /** Which workers started the store, and when (ms epoch). */
  startsOf: (store: number) => { worker: string; at: number }[];
}

/** One window over the limit: its requests (path, time, sender, answer; the other clock's stamp beside), and the store's workers. */
export function describeWindow(w: OverWindow, c: WindowContext): string {
  const s = (at: number) => fmt((at - c.since) / 1000, 3);
  const list = c.judged[w.store]!;
  const other = c.beside[w.store]!;
  // The n-th request of a store in one account is the n-th in the other when both hold as many.
  const paired = list !== other && list.length === other.length;
  const requests = list.slice(w.first, w.first + w.count).map((r, k) => {
    const o = paired ? other[w.first + k] : undefined;
    const from = r.from ?? o?.from;
    const status = r.status ?? o?.status;
    const delta = o ? o.at - r.at : undefined;
    return [
      `${r.path.replace('/v1/', '')} at ${s(r.at)}`,
      delta === undefined ? '' : ` (${c.besideName} ${signedMs(delta)})`,
      from === undefined ? '' : ` from port ${from} (${c.ownerOf(from) ?? 'worker unknown'})`,
      status === undefined ? '' : `, answered ${status}`,
    ].join('');
  });
  const starts = c.startsOf(w.store).map((x) => `${x.worker} at ${s(x.at)}`);
  const phase = [c.killedAt && `kill at ${s(c.killedAt)}`, c.joinedAt && `join at ${s(c.joinedAt)}`].filter(Boolean);
  return `s${w.store + 1}, ${w.count} in 1 s (${phase.join(', ')}; store started on ${starts.join(', ') || 'no worker seen'}): ${requests.join('; ')}`;
}

/** Where the windows over the limit fell: in the minute after the kill, after the join, or elsewhere. */
export function placeWindows(over: OverWindow[], c: WindowContext): string {
  if (over.length === 0) return 'none';
  const at = (w: OverWindow) => c.judged[w.store]![w.first]!.at;
  const near = (t: number, since?: number) => since !== undefined && t >= since - 1000 && t <= since + 60_000;
  const kill = over.filter((w) => near(at(w), c.killedAt));
  const join = over.filter((w) => !kill.includes(w) && near(at(w), c.joinedAt));
  const withLogin = over.filter((w) =>
    c.judged[w.store]!.slice(w.first, w.first + w.count).some((r) => r.path.includes('authorization')),
  ).length;
  return `${over.length} at ${new Set(over.map((w) => w.store)).size} stores (${kill.length} in the minute after the kill, ${join.length} in the minute after the join, ${over.length - kill.length - join.length} elsewhere; ${withLogin} with a login among them)`;
}
