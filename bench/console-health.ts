/**
 * Whether the console stays responsive while it reads and syncs a 100,000-row XLSX: /healthz
 * latency (p50/p99/max) asked every 50 ms from this process, while `catalog-sync serve` (its own
 * process, batches local, no Redis, RATE 10000) syncs the sheet to the sandbox store (its own
 * process, instant). Goal: p99 <= 200 ms. Baseline in the same run: /healthz of the same
 * console, idle, for 5 s. Writes its section of bench/RESULTS.md.
 *
 *   npx tsx bench/console-health.ts [--rows 100000]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { BENCH_DIR } from './sheet-read-data.ts';
import { startChildSandbox, storeEnv } from './sync-support.ts';
import { writeValidXlsx } from './valid-sheet.ts';
import { machineLine, writeSection } from './results-section.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
const ROWS = Number(values.rows);
const GOAL_P99_MS = 200;
const TOKEN = 'bench-console-token-0123456789';
const EVERY_MS = 50;

interface Figures {
  samples: number;
  p50: number;
  p99: number;
  max: number;
}

function figures(ms: number[]): Figures {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { samples: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

/** The benches' all-valid sheet (every row a create), bench/fixtures/console-valid-<rows>.xlsx, made once. */
async function consoleSheet(rows: number): Promise<string> {
  const file = join(BENCH_DIR, `console-valid-${rows}.xlsx`);
  if (existsSync(file)) return file;
  mkdirSync(BENCH_DIR, { recursive: true });
  await writeValidXlsx(`${file}.tmp`, rows, 'H');
  renameSync(`${file}.tmp`, file);
  return file;
}

async function startConsole(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['bin/catalog-sync.js', 'serve', '--port', '0', '--upload-limit', String(256 * 1024 * 1024)],
    {
      env: { ...process.env, ...env, CONSOLE_TOKEN: TOKEN, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  for await (const line of createInterface({ input: child.stdout })) {
    const match = /console on (http:\/\/\S+?)\/? /.exec(`${line} `);
    if (match) return { url: match[1]!, child };
  }
  throw new Error('the console exited before printing its URL');
}

/** Asks /healthz every EVERY_MS until `done` says stop; one request at a time, timed end to end. */
async function probe(url: string, done: () => boolean): Promise<number[]> {
  const ms: number[] = [];
  while (!done()) {
    const started = performance.now();
    const res = await fetch(`${url}/healthz`);
    await res.arrayBuffer();
    ms.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`/healthz answered ${res.status}`);
    await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
  }
  return ms;
}

const line = (label: string, f: Figures) =>
  `  ${label} p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  max ${f.max.toFixed(1)} ms  (${f.samples} requests)`;

async function main(): Promise<void> {
  if (!existsSync('dist/cli.js')) throw new Error('dist/ is not built: run npm run build first');
  const xlsx = await consoleSheet(ROWS);
  const sandbox = await startChildSandbox();
  const dir = await mkdtemp(join(tmpdir(), 'bench-console-'));
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const { url, child } = await startConsole({
    ...storeEnv(sandbox.url),
    REPORT_DIR: join(dir, 'reports'),
    LEDGER_FILE: join(dir, 'ledger.jsonl'),
    RATE: '10000',
    CONCURRENCY: '32',
  });
  const out: string[] = [
    `/healthz latency while the console reads and syncs a ${ROWS.toLocaleString('en')}-row XLSX (node ${process.version})`,
  ];
  try {
    const idleUntil = performance.now() + 5000;
    const idle = figures(await probe(url, () => performance.now() > idleUntil));
    out.push(line('idle console (5 s)                ', idle));
    const form = new FormData();
    form.append('file', new Blob([await readFile(xlsx)]), 'products.xlsx');
    const started = performance.now();
    const res = await fetch(`${url}/api/batches`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    if (res.status !== 202) throw new Error(`POST /api/batches answered ${res.status}: ${await res.text()}`);
    const { batchId } = (await res.json()) as { batchId: string };
    let status = 'queued';
    let total = 0;
    let counts: Record<string, number> = {};
    const watcher = (async () => {
      while (status !== 'done' && status !== 'failed') {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const one = (await (
          await fetch(`${url}/api/batches/${batchId}`, { headers: { authorization: `Bearer ${TOKEN}` } })
        ).json()) as { status: string; total: number; counts?: Record<string, number> };
        status = one.status;
        total = one.total;
        counts = one.counts ?? {};
      }
    })();
    const busy = figures(await probe(url, () => status === 'done' || status === 'failed'));
    await watcher;
    const seconds = (performance.now() - started) / 1000;
    if (status !== 'done') throw new Error(`the batch ended ${status}`);
    // Only rows sent to the store make the console work: a batch of skipped or invalid rows would measure little.
    const sent = (counts.created ?? 0) + (counts.updated ?? 0);
    if (sent < total * 0.9) throw new Error(`only ${sent} of ${total} rows were sent: ${JSON.stringify(counts)}`);
    out.push(line(`during upload + sync (${seconds.toFixed(0)} s, ${total} rows, ${sent} sent)`, busy));
    out.push(`  goal p99 <= ${GOAL_P99_MS} ms: ${busy.p99 <= GOAL_P99_MS ? 'met' : 'NOT met'}`);
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
    await sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  }
  console.log(out.join('\n'));
  await writeSection(
    'console-health',
    [
      `\`npx tsx bench/console-health.ts --rows ${ROWS}\`, ${machineLine()}; load average at start ${load}.`,
      '`catalog-sync serve` in its own process (batches local, file ledger, concurrency 32, RATE 10000,',
      'the most allowed) syncs the uploaded sheet to the sandbox store (its own process, instant); this process asks',
      `/healthz one request at a time every ${EVERY_MS} ms, from the upload until the batch is done.`,
      '',
      '```',
      ...out,
      '```',
      '',
      "The sheet is the benches' all-valid one (bench/valid-sheet.ts): every row a create, and the bench fails",
      'unless at least 90% of the rows reach the store, so the figure is of a console that syncs.',
    ].join('\n'),
  );
}

await main();
