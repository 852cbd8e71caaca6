/**
 * What the benches that judge by a kernel capture (bench/agency.ts, bench/agency-cluster.ts) say of
 * the capture against the stores' own logs: whether the two hold the same requests, and how much
 * later a store's log stamped them than the kernel.
 */
import type { Arrival, CaptureEnd } from './capture-support.ts';
import { fmt } from './sync-support.ts';

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const byPath = (lists: Arrival[][]) => {
  const counts = new Map<string, number>();
  for (const a of lists.flat()) counts.set(a.path, (counts.get(a.path) ?? 0) + 1);
  return counts;
};

/**
 * The capture's count of requests per path against the stores' logs, and the stores where the two
 * differ: printed, never hidden. `judged[i]` and `logged[i]` are store i's (named `idOf(i)`).
 */
export function countCheck(
  what: string,
  judged: Arrival[][],
  logged: Arrival[][],
  idOf: (i: number) => string,
  end: CaptureEnd,
): string {
  const [captured, inLogs] = [byPath(judged), byPath(logged)];
  const paths = [...new Set([...captured.keys(), ...inLogs.keys()])].sort();
  const perPath = paths.map(
    (path) => `${path.replace('/v1/', '')} ${captured.get(path) ?? 0} / ${inLogs.get(path) ?? 0}`,
  );
  const key = (list: Arrival[]) => JSON.stringify([...byPath([list])].sort());
  const differ = judged.flatMap((list, i) =>
    key(list) === key(logged[i]!) ? [] : [`${idOf(i)} ${list.length} / ${logged[i]!.length}`],
  );
  const stores =
    differ.length === 0
      ? `equal at every one of the ${judged.length} stores`
      : `MISMATCH at ${differ.length} stores: ${differ.slice(0, 10).join(', ')}`;
  return `${what}, capture / store log: ${perPath.join(', ')}; ${stores}; the kernel dropped ${end.dropped ?? 'an unknown number of'} packets${end.markerRead ? '' : '; the capture was stopped WITHOUT reading its end marker'}`;
}

/**
 * How much later a store's log stamped its requests than the kernel: the n-th request of a store in
 * the capture against the n-th in its log (the same request, unless two connections' requests arrive
 * within the same moment). Only where the two hold the same number.
 */
export function logLag(judged: Arrival[][], logged: Arrival[][]): string {
  const lags = judged.flatMap((captured, i) => {
    const inLog = logged[i]!;
    if (captured.length !== inLog.length) return [];
    const [c, l] = [captured, inLog].map((list) => list.map((a) => a.at).sort((a, b) => a - b));
    return c!.map((at, n) => l![n]! - at);
  });
  if (lags.length === 0) return 'no store whose log and capture hold as many requests to compare';
  // Date.now() is whole ms, the kernel's stamp µs: a lag under 0.5 ms either way is none.
  const ms = (x: number) => `${fmt(Math.abs(x) < 0.5 ? 0 : x)} ms`;
  return `a store's log stamped a request later than the kernel by median ${ms(percentile(lags, 50))}, 99th percentile ${ms(percentile(lags, 99))}, at most ${ms(Math.max(...lags))}`;
}
