/**
 * Where a machine's CPU went over a window: the whole machine from /proc/stat and each named
 * group of processes from /proc/<pid>/stat. A bench whose goal is a share of a rate on a shared
 * 2-core machine prints it, so a shortfall can be told apart: cores left idle (our waits) or none
 * left (the machine's limit).
 */
import { availableParallelism } from 'node:os';
import { readFile } from 'node:fs/promises';
import { cpuSeconds } from './worker-process.ts';

async function machineTicks(): Promise<{ busy: number; total: number }> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
  const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - values[3]! - values[4]!, total };
}

async function groupSeconds(pids: readonly number[]): Promise<number> {
  const each = await Promise.all(pids.map((pid) => cpuSeconds(pid).catch(() => 0)));
  return each.reduce((a, b) => a + b, 0);
}

export type CpuGroups = Record<string, readonly number[]>;

/** Starts a window; its result's `text()` says cores used by the machine and by each group. */
export async function cpuWindow(groups: CpuGroups): Promise<{ text(): Promise<string> }> {
  const started = performance.now();
  const machine = await machineTicks();
  const before = await Promise.all(Object.values(groups).map((pids) => groupSeconds(pids)));
  return {
    async text() {
      const seconds = (performance.now() - started) / 1000;
      const now = await machineTicks();
      const after = await Promise.all(Object.values(groups).map((pids) => groupSeconds(pids)));
      const cores = availableParallelism();
      const busy = ((now.busy - machine.busy) / (now.total - machine.total)) * cores;
      const parts = Object.keys(groups).map((name, i) => `${name} ${((after[i]! - before[i]!) / seconds).toFixed(2)}`);
      return `CPU over ${seconds.toFixed(0)} s, in cores: the machine ${busy.toFixed(2)} of ${cores}; ${parts.join(', ')}`;
    },
  };
}
