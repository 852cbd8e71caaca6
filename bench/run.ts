/**
 * `npm run bench [-- name... [--args...]]`: runs the project's benchmarks one after another,
 * each in its own process (so one bench's memory never colours another's RSS figure).
 * Without names it runs every bench listed below that exists; extra `--flags` go to each.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';

/** Entry points, in the order of the pipeline; helpers (e.g. *-support.ts) are not listed. */
const BENCHES = [
  'startup',
  'sheet-read',
  'sheet-map',
  'xlsx-write',
  'sandbox-throughput',
  'store-rate-gate',
  'sync',
  'rate-limit',
  'delta',
  'engine-speed',
  'event-loop',
  'console-health',
  'scale',
  'catalog-memory',
  'agency',
  'idle-stores',
  'agency-cluster',
  'one-plan',
];

const args = process.argv.slice(2);
const names = args.filter((a) => !a.startsWith('-') && BENCHES.includes(a));
const passThrough = args.filter((a) => !names.includes(a));
const chosen = (names.length ? names : BENCHES).filter((name) => existsSync(`bench/${name}.ts`));

let failures = 0;
for (const name of chosen) {
  console.log(`\n=== bench/${name}.ts ===`);
  const child = spawn(process.execPath, ['--import', 'tsx', `bench/${name}.ts`, ...passThrough], { stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) {
    failures++;
    console.log(`bench/${name}.ts exited with ${code}`);
  }
}
process.exitCode = failures ? 1 : 0;
