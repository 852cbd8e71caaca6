/**
 * The local engine's speed against the sandbox store, this tree against a git revision
 * ("before"), in one run: the same sheet (creates, Arabic titles) synced by runSync from each tree,
 * alternately, at sandbox latency 0 ms and 50 ms, concurrency 32, no rate limit, all reports
 * written. Prints the median rows/s of each and the ratio this tree / before (goal: >= 0.90).
 *
 *   npx tsx bench/engine-speed.ts [--rev c74396d] [--rows 5000] [--slow-rows 2000] [--runs 3]
 *
 * The revision is checked out in a temporary git worktree (removed afterwards) sharing this tree's
 * node_modules, and its src/ is imported as it was (tsx). The sandbox runs in its own process.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/sandbox/index.ts';
import { productSheet, startChildSandbox, timed } from './sync-support.ts';
import { PrintedFigures } from './results-section.ts';

const figures = new PrintedFigures(
  'engine-speed',
  "The local engine (runSync of create rows against the sandbox in its own process, concurrency 32, no rate limit) of this tree against a git revision, in one run, interleaved. Goal: this tree at least 0.9x the revision's rows/s.",
);

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const REV = arg('--rev', 'c74396d');
const ROWS = Number(arg('--rows', '5000'));
const SLOW_ROWS = Number(arg('--slow-rows', '2000'));
const RUNS = Number(arg('--runs', '3'));
const CONCURRENCY = 32;
const ROOT = resolve(import.meta.dirname, '..');

/** What both trees export (src/sync/index.ts, src/store/index.ts) that this bench calls. */
interface Engine {
  runSync(
    request: { file: string },
    deps: { client: unknown; reportDir: string; rate: number; concurrency: number },
  ): Promise<{ total: number; counts: Record<string, number> }>;
  createStoreClient(settings: object, options?: object): { authorize(): Promise<unknown>; close(): void };
}

async function engineAt(root: string): Promise<Engine> {
  const sync = (await import(join(root, 'src/sync/index.ts'))) as Pick<Engine, 'runSync'>;
  const store = (await import(join(root, 'src/store/index.ts'))) as Pick<Engine, 'createStoreClient'>;
  return { runSync: sync.runSync, createStoreClient: store.createStoreClient };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const before = await mkdtemp(join(tmpdir(), 'bench-before-'));
  execFileSync('git', ['-C', ROOT, 'worktree', 'add', '--detach', before, REV], { stdio: 'ignore' });
  if (!existsSync(join(before, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(before, 'node_modules'));
  const sandbox = await startChildSandbox();
  const reports = await mkdtemp(join(tmpdir(), 'bench-speed-'));
  try {
    const trees = [
      ['before', await engineAt(before)],
      ['after ', await engineAt(ROOT)],
    ] as const;
    const commit = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']).toString().trim();
    figures.print(
      `local engine vs ${REV} (before) at HEAD ${commit} (after): runSync of create rows, concurrency ${CONCURRENCY}, median of ${RUNS} (node ${process.version})`,
    );
    for (const [latency, rows] of [
      [0, ROWS],
      [50, SLOW_ROWS],
    ] as const) {
      await sandbox.control('POST', 'latency', { ms: latency });
      const rates: Record<string, number[]> = { before: [], 'after ': [] };
      for (let run = 0; run < RUNS; run++) {
        for (const [name, engine] of trees) {
          // A fresh sheet each time: its barcodes are new to the store, so every row is a create.
          const file = await productSheet(rows, `products-${name.trim()}-${latency}-${run}.csv`);
          const settings = {
            storeUrl: sandbox.url,
            storeEmail: DEMO_EMAIL,
            storePassword: DEMO_PASSWORD,
            rate: 10_000,
            categoriesMethod: 'POST',
            requestTimeoutMs: 30_000,
            connectTimeoutMs: 5_000,
            // The revision before capped requests in the client too; this tree ignores it.
            concurrency: CONCURRENCY,
          };
          const client = engine.createStoreClient(settings);
          await client.authorize();
          const { ms, value } = await timed(() =>
            engine.runSync(
              { file },
              { client, reportDir: join(reports, name.trim()), rate: 10_000, concurrency: CONCURRENCY },
            ),
          );
          client.close();
          if (value.counts.created !== rows) throw new Error(`${name}: ${JSON.stringify(value.counts)}`);
          rates[name]!.push((rows / ms) * 1000);
        }
      }
      const [b, a] = [median(rates.before!), median(rates['after ']!)];
      figures.print(
        `  latency ${String(latency).padStart(2)} ms, ${rows.toLocaleString('en')} rows: before ${b.toFixed(0)} rows/s, after ${a.toFixed(0)} rows/s, ratio ${(a / b).toFixed(2)} (goal >= 0.90)`,
      );
    }
  } finally {
    await sandbox.stop();
    await rm(reports, { recursive: true, force: true });
    execFileSync('git', ['-C', ROOT, 'worktree', 'remove', '--force', before], { stdio: 'ignore' });
  }
}

await main();
await figures.write();
