/**
 * Group commit keeps the ledger's promise: a create is on disk in the ledger before its request
 * leaves. A real `catalog-sync import` (32 rows in flight, a real sandbox over HTTP) is killed with
 * SIGKILL at random moments; every create the store received must then have its ledger line in
 * the file, and a final run to the end creates no product twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { until } from '../helpers/until.ts';
import { useSandboxWorld } from '../helpers/use-world.ts';

const ROWS = 400;
const BIN = new URL('../../bin/catalog-sync.js', import.meta.url).pathname;

const world = useSandboxWorld({ name: 'ledger-kill', sandbox: { latencyMs: 20 } });

beforeEach(async () => {
  // Latency keeps 32 creates in flight at every moment the import is killed.
});
function startImport(sheet: string): ChildProcess {
  return spawn(process.execPath, [BIN, 'import', sheet, '--queue', 'local'], {
    env: {
      ...process.env,
      STORE_URL: world.sandbox.url,
      STORE_EMAIL: world.sandbox.email,
      STORE_PASSWORD: world.sandbox.password,
      LEDGER_FILE: join(world.dir, 'ledger', 'ledger.jsonl'),
      REPORT_DIR: join(world.dir, 'reports'),
      RATE: '10000',
      CONCURRENCY: '32',
      LOG_LEVEL: 'silent',
      REDIS_URL: '',
    },
    stdio: 'ignore',
  });
}

const creates = () => world.sandbox.requests().filter((r) => r.path === '/v1/create_product');

/** Barcodes the store was sent a create for (a request's body is read once its latency has passed). */
function createsReceived(): string[] {
  return creates().flatMap((r) => (r.body === undefined ? [] : [String((r.body as { barcode?: unknown }).barcode)]));
}

/** The ledger's keys as the files on disk hold them now, replayed line by line. */
async function ledgerKeysOnDisk(): Promise<Set<string>> {
  const keys = new Set<string>();
  const folder = join(world.dir, 'ledger');
  for (const name of await readdir(folder)) {
    if (!name.endsWith('.jsonl')) continue;
    for (const line of (await readFile(join(folder, name), 'utf8')).split('\n')) {
      try {
        const parsed = JSON.parse(line) as { k: string; d?: 1 };
        if (parsed.d === 1) keys.delete(parsed.k);
        else keys.add(parsed.k);
      } catch {
        // A torn last line is the one a crash may leave: its create had not been sent.
      }
    }
  }
  return keys;
}

it('SIGKILL at random moments of an import never leaves a create at the store without its ledger entry on disk', async () => {
  const sheet = join(world.dir, 'creates.csv');
  const rows = Array.from({ length: ROWS }, (_, i) => `Item ${i},صنف ${i},2,${10 + (i % 90)},KD${i}`);
  await writeFile(sheet, `title,title_ar,category,sale_price,barcode\n${rows.join('\n')}\n`);
  // Kill points, in creates received so far: early (the first group), mid-stream, and late.
  const points = [1 + rand(8), 30 + rand(60), 150 + rand(120)];
  for (const point of points) {
    const child = startImport(sheet);
    const exited = once(child, 'exit');
    await until(() => creates().length >= point || child.exitCode !== null, `${point} creates`);
    child.kill('SIGKILL');
    await exited;
    // The requests that had left when the process died still reach the store: wait for all of them.
    await until(() => creates().every((r) => r.body !== undefined), 'the creates in flight to be read');
    const onDisk = await ledgerKeysOnDisk();
    const missing = createsReceived().filter((barcode) => !onDisk.has(`k:barcode:${barcode}`));
    expect({ killedAt: point, missing }).toEqual({ killedAt: point, missing: [] });
  }
  // A last run to the end: the creates cut off are `unknown`, never sent again.
  const last = startImport(sheet);
  await once(last, 'exit');
  const barcodes = createsReceived();
  expect(new Set(barcodes).size).toBe(barcodes.length);
  const reports = join(world.dir, 'reports');
  const summaries = await Promise.all(
    (await readdir(reports)).map(async (batch) => {
      const text = await readFile(join(reports, batch, 'summary.json'), 'utf8').catch(() => null);
      return text === null ? null : (JSON.parse(text) as { counts: Record<string, number> });
    }),
  );
  const finished = summaries.filter((s) => s !== null);
  expect(finished).toHaveLength(1);
  const counts = finished[0]!.counts;
  // Rows created by the killed runs are `skipped` now (already created); the ones cut off, `unknown`.
  expect((counts.created ?? 0) + (counts.skipped ?? 0) + (counts.unknown ?? 0)).toBe(ROWS);
  expect(barcodes.length).toBeLessThanOrEqual(ROWS);
});

function rand(n: number): number {
  return Math.floor(Math.random() * n);
}
