/**
 * `npm run bench -- startup [--runs N]`: how long the compiled CLI takes to start and how much
 * memory it takes, against a bare `node -e ''` in the same run (the floor no CLI can go under).
 * Cases: `--help`, and `validate` of a one-row CSV. Each run is a fresh process timed by
 * /usr/bin/time (wall time and peak RSS); cases are interleaved so load hits them alike; medians.
 * Writes its section of bench/RESULTS.md. Needs a built dist/ (npm ci or npm run build).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeSection } from './results-section.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);
const BIN = 'bin/catalog-sync.js';
const GOAL_S = 0.3;

if (!existsSync('dist/cli.js')) throw new Error('dist/ is not built: run npm run build first');

const dir = await mkdtemp(join(tmpdir(), 'bench-startup-'));
const sheet = join(dir, 'one-row.csv');
await writeFile(sheet, 'title,sale_price,category,barcode\nTea,10,1,B-1\n');

const cases: { name: string; args: string[] }[] = [
  { name: "node -e ''", args: ['-e', ''] },
  { name: 'catalog-sync --help', args: [BIN, '--help'] },
  { name: 'catalog-sync validate (1 row)', args: [BIN, 'validate', sheet, '--report-dir', dir] },
];

/** One process under /usr/bin/time: elapsed seconds and peak RSS in KB. */
function measure(args: string[]): { seconds: number; rssKb: number } {
  const run = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, ...args], { encoding: 'utf8', cwd: dir });
  if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  const [seconds, rssKb] = run.stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
  return { seconds: seconds!, rssKb: rssKb! };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// BIN is relative to the repository; the runs happen in the temp folder (validate writes there).
const root = process.cwd();
for (const c of cases) c.args = c.args.map((a) => (a === BIN ? join(root, BIN) : a));

const samples = new Map(cases.map((c) => [c.name, [] as { seconds: number; rssKb: number }[]]));
for (let i = 0; i < runs; i++) for (const c of cases) samples.get(c.name)!.push(measure(c.args));
await rm(dir, { recursive: true, force: true });

const floor = median(samples.get(cases[0]!.name)!.map((s) => s.seconds));
const lines = [`CLI start-up, compiled dist/ (median of ${runs}; node ${process.version})`];
for (const c of cases) {
  const s = samples.get(c.name)!;
  const seconds = median(s.map((x) => x.seconds));
  const rss = median(s.map((x) => x.rssKb)) / 1024;
  const over = c === cases[0] ? '' : `  +${(seconds - floor).toFixed(2)} s over node (goal <= ${GOAL_S} s)`;
  lines.push(`  ${c.name.padEnd(30)} ${seconds.toFixed(2)} s  ${rss.toFixed(0)} MB peak RSS${over}`);
}
const text = lines.join('\n');
console.log(text);

await writeSection(
  'startup',
  [
    `\`npm run bench -- startup --runs ${runs}\`, ${new Date().toISOString().slice(0, 10)}, ` +
      `${availableParallelism()} cores (\`nproc\`), node ${process.version}.`,
    'Wall time and peak RSS from /usr/bin/time, one fresh process per run, cases interleaved;',
    'compare against the bare node line of the same run (the machine is shared: absolute times move).',
    '',
    '```',
    text,
    '```',
    '',
  ].join('\n'),
);
