/**
 * One `catalog-sync worker` process serving the stores of a stores file, as the benches of many
 * stores run it (bench/agency.ts, bench/idle-stores.ts), and what /proc says of a process's CPU
 * and memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';

/** clock ticks per second of /proc/<pid>/stat's utime and stime (Linux: 100). */
const TICKS = 100;

/** Starts the worker (built: bin/catalog-sync.js) and resolves once it has started `stores` stores. */
export async function startWorker(stores: number, env: Record<string, string>): Promise<ChildProcess> {
  // BENCH_WORKER_NODE_ARGS: node's own flags for the worker alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`.
  const nodeArgs = process.env.BENCH_WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'bin/catalog-sync.js', 'worker', '--grace', '5'], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let started = 0;
  for await (const line of createInterface({ input: child.stderr })) {
    if (line.includes('worker started for')) started++;
    if (started === stores) {
      // Drained from now on: a full pipe would stop the worker at its next warning.
      child.stderr.resume();
      return child;
    }
  }
  throw new Error(`the worker exited after starting ${started} of ${stores} stores`);
}

/** CPU seconds (user and system) the process has used so far. */
export async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** The process's resident memory now and at its peak, in MB. */
export async function rssMb(pid: number): Promise<{ now: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string): number => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}
