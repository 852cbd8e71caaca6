/* global process */
/**
 * Preloaded into a worker that bench/worker-memory.ts measures (`--import ./bench/memory-probe.mjs`):
 * on each SIGUSR2 it writes, into MEMORY_PROBE_DIR, probe-<n>.json with what the process holds
 * (process.memoryUsage before and after a heap snapshot's full GC, V8's heap spaces, /proc's
 * smaps_rollup, the anonymous mappings by size) and the clocks a CPU profile is sliced with; when
 * the file probe-<n>.snapshot exists (the bench asks so), also probe-<n>.heapsnapshot; from the
 * second probe on, with MEMORY_PROBE_CPU=1, probe-<n>.cpuprofile: the CPU profile since the probe
 * before. The JSON is written last (renamed into
 * place): its presence says the probe is complete.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';

const dir = process.env.MEMORY_PROBE_DIR;
let n = 0;

/** Anonymous mappings (no file) grouped by name and size in kB: glibc's malloc arenas reserve 64 MB each. */
function anonymousMappings() {
  const bySize = {};
  let rssKb = 0;
  let current = null;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ (\d+)\s*(\S*)$/.exec(line);
    if (head) {
      // A file's pages are not the process's own: anonymous ones and [heap] (malloc's main arena), [stack].
      current = head[1] === '0' ? { name: head[2] || 'anon' } : null;
      continue;
    }
    if (!current) continue;
    const size = /^Size:\s+(\d+) kB/.exec(line);
    if (size) current.size = Number(size[1]);
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) {
      const key = `${current.name} ${current.size}`;
      bySize[key] ??= { count: 0, rssKb: 0 };
      bySize[key].count++;
      bySize[key].rssKb += Number(rss[1]);
      rssKb += Number(rss[1]);
    }
  }
  return { rssKb, bySize };
}

if (dir) {
  // The CPU profile of the time between two probes (--cpu-prof is not allowed in NODE_OPTIONS).
  // Its bookkeeping is malloc'ed: off (MEMORY_PROBE_CPU unset) where RSS is what is measured.
  const profiling = process.env.MEMORY_PROBE_CPU === '1';
  const session = new Session();
  session.connect();
  const enabled = profiling ? session.post('Profiler.enable') : Promise.resolve();
  process.on('SIGUSR2', async () => {
    const at = n++;
    await enabled;
    if (profiling && at > 0) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(join(dir, `probe-${at}.cpuprofile`), JSON.stringify(profile));
    }
    const out = {
      wallMs: Date.now(),
      // µs on the monotonic clock a --cpu-prof profile's timestamps use
      monoUs: Number(process.hrtime.bigint() / 1000n),
      cpuUs: process.cpuUsage(),
      before: process.memoryUsage(),
      // Read before a snapshot, whose own buffers are malloc'ed and not all given back.
      rollup: readFileSync('/proc/self/smaps_rollup', 'utf8'),
      anonymous: anonymousMappings(),
    };
    if (existsSync(join(dir, `probe-${at}.snapshot`))) writeHeapSnapshot(join(dir, `probe-${at}.heapsnapshot`));
    out.after = process.memoryUsage();
    out.endWallMs = Date.now();
    out.endMonoUs = Number(process.hrtime.bigint() / 1000n);
    out.endCpuUs = process.cpuUsage();
    if (profiling) await session.post('Profiler.start');
    out.spaces = getHeapSpaceStatistics().map((s) => ({ name: s.space_name, used: s.space_used_size }));
    writeFileSync(join(dir, `probe-${at}.tmp`), JSON.stringify(out));
    renameSync(join(dir, `probe-${at}.tmp`), join(dir, `probe-${at}.json`));
  });
}
