/**
 * A CPU profile (.cpuprofile), optionally sliced to a window of the profiler's clock (µs), summed
 * by self time: per function (name, file, line) and per owner (our
 * src/ files, each package under node_modules, node's internals, GC, idle).
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTimes {
  /** µs sampled in the window, idle excluded. */
  busyUs: number;
  byFunction: Map<string, number>;
  byOwner: Map<string, number>;
  /** Native code (no script: a write, a file read) by the JS frames that called it. */
  nativeByCaller: Map<string, number>;
}

/** Who a frame's code belongs to: `src/<file>`, a package, `node`, or the profiler's own labels. */
function ownerOf(url: string, name: string): string {
  if (url === '') return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const ours = /\/((?:src|dist)\/.+)$/.exec(url);
  if (ours) return ours[1]!;
  return url.startsWith('node:') ? 'node' : url;
}

export async function selfTimes(file: string, fromUs = 0, toUs = Infinity): Promise<SelfTimes> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const nativeByCaller = new Map<string, number>();
  const callers = (id: number): string => {
    const chain: string[] = [];
    for (let at = parentOf.get(id); at !== undefined && chain.length < 3; at = parentOf.get(at)) {
      const frame = byId.get(at)!;
      // node's own stream plumbing says nothing of who wrote: the first frames outside it do.
      if (frame.url !== '' && !frame.url.startsWith('node:'))
        chain.push(`${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`);
    }
    return chain.join(' <- ');
  };
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let at = profile.startTime;
  let busyUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]!;
    // The time until the next sample is this sample's.
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (at < fromUs || at > toUs) continue;
    const frame = byId.get(profile.samples[i]!)!;
    if (frame.functionName === '(idle)') continue;
    busyUs += us;
    const key = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
    if (frame.url === '' && !frame.functionName.startsWith('(')) {
      const chain = `${frame.functionName} <- ${callers(profile.samples[i]!)}`;
      nativeByCaller.set(chain, (nativeByCaller.get(chain) ?? 0) + us);
    }
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const owner = ownerOf(frame.url, frame.functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + us);
  }
  return { busyUs, byFunction, byOwner, nativeByCaller };
}

const shortUrl = (url: string) => url.replace(/^.*\/(node_modules|dist|src)\//, '$1/');

export function topOf(map: Map<string, number>, n: number): [string, number][] {
  return [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
}
