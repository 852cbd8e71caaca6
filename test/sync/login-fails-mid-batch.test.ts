/**
 * The store's login fails mid-batch (its token runs out and the fresh login answers 5xx, or hangs
 * past the request timeout): the creates that waited for that login were never written, so they
 * end `failed` (LOGIN_FAILED), not `unknown`, and the next import sends them, each product created
 * once. Before, they ended `unknown` and were barred from being sent again. The real CLI, in the
 * local mode, against the sandbox store.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import type { FaultRule } from '../../src/sandbox/index.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { until } from '../helpers/until.ts';
import { useCliWorld } from './helpers/cli-world.ts';

const ROWS = 40;
const LOGIN = '/v1/authorization';
// Every store answer waits this long, so the batch is still sending when the token is taken away.
const t = useCliWorld({ latencyMs: 300 });

/** One login's five attempts meet the fault; the logins after it succeed. */
const LOGIN_FAULTS: [string, FaultRule][] = [
  ['answers 503', { kind: 'status503', path: LOGIN, times: 5 }],
  ['hangs past the request timeout', { kind: 'delayAfterApply', path: LOGIN, delayMs: 3_000, times: 5 }],
];

it.each(LOGIN_FAULTS)(
  'the login %s mid-batch: the creates waiting for it end failed, and the next import creates them once',
  async (_what, fault) => {
    const { world } = t;
    const lines = ['title,sale_price,category,barcode'];
    for (let i = 0; i < ROWS; i += 1) lines.push(`Item ${i},${5 + i},1,LF-${i}`);
    const sheet = await world.sheet('login.csv', lines);
    const env = { RATE: '1000', CONCURRENCY: '8', REQUEST_TIMEOUT_MS: '1000' };

    const first = t.cli(['import', sheet, '--queue', 'local', '--json'], env);
    await until(() => world.sandbox.requestCount('/v1/create_product') > 0, 'the first create');
    world.sandbox.inject(fault);
    world.sandbox.expireTokens();
    expect(await first.exit()).toBe(1);

    const summary = JSON.parse(first.out()) as BatchSummary;
    const created = world.sandbox.products().length;
    expect(summary.counts.unknown).toBe(0);
    expect(summary.counts.created).toBe(created);
    expect(summary.counts.failed).toBeGreaterThan(0);
    expect(summary.counts.created + summary.counts.failed).toBe(ROWS);
    const results = parse<Record<string, string>>(await readFile(join(summary.reportDir, 'results.csv'), 'utf8'), {
      columns: true,
    });
    const failed = results.filter((row) => row.outcome === 'failed');
    expect(failed[0]?.message).toContain("not sent, the store's login failed");
    const codes = (await readFile(join(summary.reportDir, 'messages.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { code?: string }).code);
    expect(new Set(codes)).toEqual(new Set(['LOGIN_FAILED']));
    expect(world.sandbox.pendingFaults()).toBe(0);

    const again = t.cli(['import', sheet, '--queue', 'local', '--json'], env);
    expect(await again.exit()).toBe(0);
    const barcodes = world.sandbox
      .products()
      .map((product) => String(product.fields.barcode))
      .sort();
    expect(barcodes).toEqual(
      lines
        .slice(1)
        .map((line) => line.split(',')[3])
        .sort(),
    );
  },
);
