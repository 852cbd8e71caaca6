/**
 * The local engine logs in before its first request, not before its first row: a delta sync
 * of an unchanged sheet sends nothing at all (the sandbox's request log stays empty), and a wrong
 * password still stops the run before any row is sent.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runSync } from '../../src/sync/index.ts';
import { FileLedger } from '../../src/ledger/file-store.ts';
import { batchLedgersOf } from '../../src/ledger/for-batch.ts';
import { createStoreClient } from '../../src/store/index.ts';
import { useWorld } from '../helpers/use-world.ts';
import { startWorld } from './helpers/world.ts';

const world = useWorld(() => startWorld());

const DELTA = { mode: 'delta', keyColumn: 'barcode', retryUnknown: false } as const;
const SHEET = ['title,title_ar,category,sale_price,barcode', 'Tea,شاي,2,5,L1', 'Coffee,قهوة,2,7,L2'];

it('a delta sync that sends nothing does not log in', async () => {
  const file = await world.sheet('p.csv', SHEET);
  const ledger = await FileLedger.open(join(world.dir, 'ledger.jsonl'));
  try {
    const deps = { reportDir: world.dir, rate: 10_000, concurrency: 4, batchLedgers: batchLedgersOf(ledger) };
    const first = await runSync({ file, ledger: DELTA }, { ...deps, client: world.client() });
    expect(first.counts.created).toBe(2);
    expect(world.sandbox.requestCount('/v1/authorization')).toBe(1);

    world.sandbox.resetStats();
    const again = await runSync({ file, ledger: DELTA }, { ...deps, client: world.client() });
    expect(again.skippedUnchanged?.count).toBe(2);
    expect(world.sandbox.requests()).toEqual([]);
  } finally {
    await ledger.close();
  }
});

it('a wrong password stops the run at the first row to send, with nothing sent', async () => {
  const file = await world.sheet('p.csv', SHEET);
  const client = createStoreClient({
    storeUrl: world.sandbox.url,
    storeEmail: world.sandbox.email,
    storePassword: 'not-the-password',
    rate: 10_000,
    categoriesMethod: 'POST',
    requestTimeoutMs: 5_000,
    connectTimeoutMs: 2_000,
  });
  await expect(runSync({ file }, { client, reportDir: world.dir, rate: 10_000, concurrency: 4 })).rejects.toThrow();
  expect(world.sandbox.requests().map((r) => r.path)).toEqual(['/v1/authorization']);
});
