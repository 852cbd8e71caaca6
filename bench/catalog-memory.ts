/**
 * A 1,000,000-product catalog: what the file ledger and the per-sheet duplicate checks cost in
 * memory and start-up time, this tree against a git revision, in one run, interleaved.
 *
 * One ledger file of `--keys` synced creates is written once; then, for each tree, a process of
 * its own (peak memory sampled by bench/peak-memory.mjs, the heap bounded as the CLI bounds it):
 * opens the file ledger (the start-up a command pays before its first row), then maps as many
 * sheet rows (the mapper's duplicate checks), passes them through the ledger's per-sheet key
 * check where the tree has one, and looks each row's key up in the ledger: a delta sync of the
 * whole catalog without the store and the reports.
 *
 *   npx tsx bench/catalog-memory.ts [--rev bf6492b] [--keys 1000000] [--runs 2]
 *
 * The revision is checked out in a temporary git worktree (removed afterwards) sharing this
 * tree's node_modules. Every loop is bounded.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, symlinkSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { PrintedFigures } from './results-section.ts';
import { VALID_HEADERS, validRow } from './valid-sheet.ts';

const { values } = parseArgs({
  options: {
    rev: { type: 'string', default: 'bf6492b' },
    keys: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '2' },
    child: { type: 'string' },
    file: { type: 'string' },
  },
});
const KEYS = Number(values.keys);
const TAG = 'C';
const ROOT = resolve(import.meta.dirname, '..');

interface ChildFigures {
  /** RSS once the modules are loaded, before the ledger opens. */
  floorMb: number;
  openS: number;
  passS: number;
  found: number;
  invalid: number;
}

interface Peak {
  heapUsed: number;
  external: number;
  maxRss: number;
}

/** What both trees export that the child calls (names stable across the change measured). */
interface Tree {
  FileLedger: {
    open(path: string): Promise<{ getNow(key: string): unknown; close(): Promise<void> }>;
  };
  createSheetMapper(
    headers: readonly string[],
    options: { keyColumn: string },
  ): { mapRow(raw: { row: number; values: string[] }): { row: number; plan: { kind: string } | null } };
  ledgerKeyOf(plan: object, keyColumn: string): string | null;
  /** The ledger's own per-sheet key check, where the tree has one apart from the mapper's. */
  SheetKeys?: new (keyColumn: string) => { check(plan: object, row: number): unknown };
  boundHeapGrowth(): void;
}

async function treeAt(root: string): Promise<Tree> {
  const ledger = (await import(join(root, 'src/ledger/file-store.ts'))) as Pick<Tree, 'FileLedger'>;
  const mapper = (await import(join(root, 'src/sheet/map/mapper.ts'))) as Pick<Tree, 'createSheetMapper'>;
  const rules = (await import(join(root, 'src/ledger/rules.ts'))) as Pick<Tree, 'ledgerKeyOf' | 'SheetKeys'>;
  const heap = (await import(join(root, 'src/cli/heap-growth.ts'))) as Pick<Tree, 'boundHeapGrowth'>;
  return { ...ledger, ...mapper, ...rules, ...heap };
}

async function child(root: string, file: string): Promise<void> {
  const tree = await treeAt(root);
  tree.boundHeapGrowth();
  const floorMb = process.memoryUsage().rss / 1e6;
  const opening = performance.now();
  const ledger = await tree.FileLedger.open(file);
  const openS = (performance.now() - opening) / 1000;
  const mapper = tree.createSheetMapper(VALID_HEADERS, { keyColumn: 'barcode' });
  const sheetKeys = tree.SheetKeys ? new tree.SheetKeys('barcode') : undefined;
  let found = 0;
  let invalid = 0;
  const passing = performance.now();
  for (let i = 0; i < KEYS; i++) {
    const result = mapper.mapRow({ row: i + 2, values: validRow(i, TAG).map(String) });
    if (result.plan && sheetKeys?.check(result.plan, result.row)) result.plan = null;
    if (!result.plan) {
      invalid += 1;
      continue;
    }
    const key = tree.ledgerKeyOf(result.plan, 'barcode');
    if (key !== null && ledger.getNow(key) !== undefined) found += 1;
  }
  const passS = (performance.now() - passing) / 1000;
  await ledger.close();
  const figures: ChildFigures = { floorMb, openS, passS, found, invalid };
  console.log(JSON.stringify(figures));
}

/** A ledger of `KEYS` synced creates, the sheet's keys, as the file ledger writes its lines. */
async function writeLedger(file: string): Promise<void> {
  const out = createWriteStream(file);
  let piece = '';
  for (let i = 0; i < KEYS; i++) {
    const e = { fp: `fp${String(i).padStart(20, '0')}`, st: 'synced', batch: '20261126-070000-a1b2c3', row: i + 2 };
    piece += `${JSON.stringify({ k: `k:barcode:${TAG}${6281000000000 + i}`, e: { ...e, rt: `~${'r'.repeat(22)}` } })}\n`;
    if (piece.length > 1 << 20) {
      if (!out.write(piece)) await once(out, 'drain');
      piece = '';
    }
  }
  out.end(piece);
  await finished(out);
}

async function runChild(root: string, file: string, work: string, n: number): Promise<ChildFigures & Peak> {
  const peakFile = join(work, `peak-${n}.json`);
  const args = ['--import', 'tsx', '--import', resolve('bench/peak-memory.mjs'), 'bench/catalog-memory.ts'];
  const proc = spawn(process.execPath, [...args, '--child', root, '--file', file, '--keys', String(KEYS)], {
    env: { ...process.env, PEAK_MEMORY_FILE: peakFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  const [code] = (await once(proc, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`child for ${root} exited ${code}`);
  const peak = JSON.parse(await readFile(peakFile, 'utf8')) as Peak;
  return { ...(JSON.parse(stdout.trim().split('\n').at(-1)!) as ChildFigures), ...peak };
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'bench-catalog-'));
  const before = join(work, 'before');
  execFileSync('git', ['-C', ROOT, 'worktree', 'add', '--detach', before, values.rev], { stdio: 'ignore' });
  if (!existsSync(join(before, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(before, 'node_modules'));
  const figures = new PrintedFigures(
    'catalog-memory',
    `A catalog of ${KEYS.toLocaleString('en')} products in the file ledger, and a sheet of as many create rows with the same barcodes: each tree in a process of its own opens the ledger (start-up), then maps every row (the duplicate checks), checks its key and looks it up in the ledger: a delta sync of the whole catalog without the store and the reports. Peak RSS is the kernel's maxRSS; heap and external are peaks sampled every 250 ms; the heap bounded as the CLI bounds it (src/cli/heap-growth.ts). About 120 MB of each process is node with tsx loaded (RSS before open). bf6492b keeps the typed-array tables (a key's 32-bit tag and line offset in the ledger, a 128-bit MurmurHash3 digest and first row per sheet value, two per create); later trees, Maps (one per sheet value). Start-up and pass times vary more with this machine's load than between the trees.`,
  );
  try {
    const file = join(work, 'ledger.jsonl');
    await writeLedger(file);
    const commit = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']).toString().trim();
    figures.print(
      `${values.rev} (before) vs HEAD ${commit} (after), ${KEYS} keys, ${values.runs} runs each, interleaved`,
    );
    figures.print(
      'tree   | ledger open s | map + check + look up s | rows/s | found | RSS before open MB | peak RSS MB | heap used MB | external MB',
    );
    let n = 0;
    for (let run = 0; run < Number(values.runs); run++) {
      for (const [name, root] of [
        ['before', before],
        ['after ', ROOT],
      ] as const) {
        const r = await runChild(root, file, work, n++);
        figures.print(
          `${name} | ${r.openS.toFixed(2)} | ${r.passS.toFixed(2)} | ${Math.round(KEYS / r.passS)} | ${r.found}${r.invalid ? ` (${r.invalid} invalid)` : ''} | ${Math.round(r.floorMb)} | ${Math.round(r.maxRss)} | ${Math.round(r.heapUsed)} | ${Math.round(r.external)}`,
        );
      }
    }
    await figures.write();
  } finally {
    execFileSync('git', ['-C', ROOT, 'worktree', 'remove', '--force', before], { stdio: 'ignore' });
    await rm(work, { recursive: true, force: true });
  }
}

if (values.child !== undefined) await child(values.child, values.file!);
else await main();
