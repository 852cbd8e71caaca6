/* global process, setInterval */
/**
 * Preloaded into a process a bench measures (`node --import ./bench/peak-memory.mjs ...`): samples
 * process.memoryUsage() every 250 ms and, at exit, writes the peaks (MB) and the kernel's own peak
 * RSS (resourceUsage().maxRSS) as JSON to the file named by PEAK_MEMORY_FILE.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.PEAK_MEMORY_FILE;
if (file) {
  const peak = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const sample = () => {
    const now = process.memoryUsage();
    for (const key of Object.keys(peak)) peak[key] = Math.max(peak[key], now[key]);
  };
  setInterval(sample, 250).unref();
  const write = () => {
    sample();
    const mb = (bytes) => Math.round(bytes / 1e5) / 10;
    const out = Object.fromEntries(Object.entries(peak).map(([k, v]) => [k, mb(v)]));
    out.maxRss = Math.round(process.resourceUsage().maxRSS / 102.4) / 10;
    writeFileSync(file, JSON.stringify(out));
  };
  process.on('exit', write);
  // A worker stopped with SIGTERM exits through its own handler, which ends in process.exit.
}
