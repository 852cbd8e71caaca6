/**
 * The ledger marks a create `pending` only once it is really being sent (the batch ledger's beforeSend,
 * with its rate-gate pass, just before it takes a request slot), not when the engine decides about
 * it ahead of time: a run that stops mid-way must not leave rows that only waited for a row slot
 * looking like interrupted creates. While every request slot is busy, one row per 8 slots (at least
 * one) is claimed ahead and waits for a request slot (sync/slots.ts); it is the only row besides
 * those in flight that a stop leaves pending.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ledgerForBatch } from '../../src/ledger/for-batch.ts';
import { FileLedger } from '../../src/ledger/file-store.ts';
import { silentLogger } from '../../src/log.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { openSheet } from '../../src/sheet/index.ts';
import { createStoreClient } from '../../src/store/index.ts';
import type { LedgerRow, BatchLedger } from '../../src/ledger/batch-ledger.ts';
import { runSync } from '../../src/sync/run-local.ts';
import type { BatchLedgerFactory } from '../../src/ledger/batch-ledger.ts';
import { productCsv } from '../intake/helpers.ts';
import { until } from '../helpers/until.ts';
import { settingsFor } from '../store/helpers.ts';
import { useTempDir } from '../helpers/use-world.ts';

let sandbox: SandboxHandle;
const tmp = useTempDir('pending-on-send');
// The run under test, settled: cleanup waits for it so it never writes into a removed folder.
let running: Promise<unknown> = Promise.resolve();

beforeEach(async () => {
  sandbox = await startSandbox();
});

afterEach(async () => {
  await sandbox.close();
  await running;
});

const keyOf = (barcode: string) => `k:barcode:${barcode}`;

it('leaves only the create in flight and the one claimed ahead pending, not the rows read ahead that wait for a row slot', async () => {
  const barcodes = Array.from({ length: 6 }, (_, i) => `c${i}`);
  const sheet = join(tmp.dir, 'creates.csv');
  await writeFile(sheet, productCsv(barcodes));
  const ledgerPath = join(tmp.dir, 'ledger.jsonl');
  const ledger = await FileLedger.open(ledgerPath);

  // The real batch ledger, observed: which rows the engine has decided about and claimed so far.
  const decided = new Set<number>();
  const claimed = new Set<number>();
  let onDecided = () => {};
  let onClaimed = () => {};
  const batchLedgers: BatchLedgerFactory = (settings) => {
    const real = ledgerForBatch(settings, ledger);
    const observed: BatchLedger = {
      ...real,
      before: async (row: LedgerRow) => {
        const answer = await real.before(row);
        decided.add(row.row);
        onDecided();
        return answer;
      },
      beforeSend: async (row: LedgerRow) => {
        const answer = await real.beforeSend!(row);
        claimed.add(row.row);
        onClaimed();
        return answer;
      },
    };
    return observed;
  };
  const allDecided = new Promise<void>((resolve) => {
    onDecided = () => {
      if (decided.size === barcodes.length) resolve();
    };
  });

  // The first create is applied by the store, and its reply held: it stays in flight.
  sandbox.inject({ kind: 'delayAfterApply', path: '/v1/create_product', times: 1, delayMs: 60_000 });
  const client = createStoreClient(settingsFor(sandbox, { requestTimeoutMs: 120_000 }), {
    logger: silentLogger,
    maxAttempts: 1,
  });
  const run = runSync(
    { file: sheet, ledger: { mode: 'delta', keyColumn: 'barcode', retryUnknown: false } },
    {
      client,
      reportDir: join(tmp.dir, 'reports'),
      rate: 1_000,
      concurrency: 1,
      batchLedgers,
      openSheet: (file, o) => openSheet(file, o),
    },
  );
  // Settled later on purpose; keep an early rejection from going unhandled meanwhile.
  const settled = run.then(
    (summary) => ({ summary }),
    (error: unknown) => ({ error }),
  );
  running = settled;

  const twoClaimed = new Promise<void>((resolve) => {
    onClaimed = () => {
      if (claimed.size === 2) resolve();
    };
  });

  await allDecided;
  await until(() => sandbox.products().length === 1, 'the first product created');
  // Concurrency 1: the second row is claimed ahead and waits for the one request slot; the other
  // four wait for a row slot, which neither of the first two lets go of.
  await twoClaimed;
  expect(sandbox.requestCount('/v1/create_product')).toBe(1);

  // What the ledger file holds now is what a crash at this moment would leave behind.
  const leftBehind = await FileLedger.open(ledgerPath);
  const entries = await leftBehind.getMany(barcodes.map(keyOf));
  expect(entries.map((entry) => entry?.st)).toEqual(['pending', 'pending', undefined, undefined, undefined, undefined]);
  expect(entries[0]).toMatchObject({ row: 2 });
  expect(entries[1]).toMatchObject({ row: 3 });

  // A later run reports the create in flight and the one claimed ahead as unknown; the others are sent.
  const later = ledgerForBatch({ mode: 'delta', keyColumn: 'barcode', retryUnknown: false }, leftBehind);
  const answers = await Promise.all(
    barcodes.map((barcode, i) =>
      later
        .before({
          batchId: 'later',
          row: i + 2,
          plan: { kind: 'create', payload: { title: `Item ${barcode}`, barcode } },
        })
        .then((decision) => decision.result ?? null),
    ),
  );
  expect(answers.map((a) => a?.outcome ?? 'send')).toEqual(['unknown', 'unknown', 'send', 'send', 'send', 'send']);

  // Abandon the run: the store goes away. The row claimed ahead is then surely not sent, so its
  // mark is undone; rows that never got a slot end without one.
  await sandbox.close();
  const outcome = await settled;
  const after = await ledger.getMany(barcodes.map(keyOf));
  expect(after.filter((entry) => entry?.st === 'pending')).toEqual([]);
  expect(after.slice(1)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  if ('summary' in outcome) expect(outcome.summary.counts.created).toBe(0);
  await leftBehind.close();
  await ledger.close();
});
