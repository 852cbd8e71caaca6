/**
 * Answers are capped: a store that answers far more than any real answer (100 MB, streamed by the
 * sandbox) costs the client no more than the cap, fails the call as a bad response after one
 * request (a create ends `unknown`), and is never downloaded twice.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isCreateOutcomeUnknown } from '../../src/store/retry.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { clientFor, rejection } from './helpers.ts';
import { useSandboxWorld } from '../helpers/use-world.ts';

const CHILD = fileURLToPath(new URL('./helpers/import-child.ts', import.meta.url));
const HUNDRED_MB = 100 * 1024 * 1024;

interface ChildRun {
  code: number;
  out: string;
  err: string;
  maxRssKiB: number;
}

const world = useSandboxWorld('answer-cap', { once: true });

/** Runs `import` on a fresh three-row sheet in a child process, against the sandbox. */
async function importInChild(name: string): Promise<ChildRun> {
  const sheet = join(world.dir, `${name}.csv`);
  await writeFile(
    sheet,
    `title,category,sale_price,barcode\n${name} tea,1,5,${name}-1\n${name} coffee,1,7,${name}-2\n${name} milk,1,3,${name}-3\n`,
  );
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CHILD, 'import', sheet, '--json', '--report-dir', join(world.dir, `reports-${name}`)],
    {
      env: {
        ...process.env,
        LOG_LEVEL: 'silent',
        STORE_URL: world.sandbox.url,
        STORE_EMAIL: world.sandbox.email,
        STORE_PASSWORD: world.sandbox.password,
        RATE: '1000',
        CONCURRENCY: '1',
        LEDGER_FILE: join(world.dir, `ledger-${name}`, 'ledger.jsonl'),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let text = '';
  child.stdout.on('data', (d: Buffer) => (text += d.toString()));
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(exitCode).toBe(0);
  return JSON.parse(text.trim().split('\n').at(-1) ?? '') as ChildRun;
}

describe('store answers are capped', () => {
  it('a 100 MB answer to a create: one request, row unknown, peak memory within 100 MB of a normal run', async () => {
    const normal = await importInChild('normal');
    expect(normal.code).toBe(0);

    world.sandbox.resetStats();
    world.sandbox.inject({ kind: 'hugeAnswerAfterApply', path: '/v1/create_product', answerBytes: HUNDRED_MB });
    const huge = await importInChild('huge');
    expect(huge.code).toBe(1);
    const summary = JSON.parse(huge.out) as BatchSummary;
    expect(summary.counts).toMatchObject({ created: 2, unknown: 1 });
    const results = await readFile(join(summary.reportDir, 'results.csv'), 'utf8');
    const unknownLine = results.split('\n').find((line) => line.includes('unknown')) ?? '';
    expect(unknownLine).toContain('larger than 8 MiB and was not read');
    // Exactly one request for the create that met the huge answer: never retried, never re-read.
    expect(world.sandbox.requestCount('/v1/create_product')).toBe(3);
    expect(world.sandbox.requests().filter((r) => r.fault === 'hugeAnswerAfterApply')).toHaveLength(1);

    const extraMiB = (huge.maxRssKiB - normal.maxRssKiB) / 1024;
    expect(extraMiB).toBeLessThan(100);
  });

  it('an error page larger than the cap is read once, not retried, and named as too large', async () => {
    const product = world.sandbox.seedProduct({ title: 'Tea', category: 1 });
    world.sandbox.resetStats();
    world.sandbox.inject({
      kind: 'hugeAnswerAfterApply',
      path: '/v1/update_product',
      answerBytes: 20 * 1024 * 1024,
      answerStatus: 502,
    });
    const client = clientFor(world.sandbox, { maxAnswerBytes: 1024 * 1024 });
    const error = await rejection(client.updateProduct({ product_id: product.product_id, title: 'Green tea' }));
    client.close();
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', operation: 'update_product', httpStatus: 502, attempts: 1 });
    expect(error.message).toContain('larger than 1 MiB and was not read');
    expect(world.sandbox.requestCount('/v1/update_product')).toBe(1);
  });

  it('the cap is a setting: a create meeting an answer over a smaller cap ends unknown after one request', async () => {
    world.sandbox.resetStats();
    world.sandbox.inject({ kind: 'hugeAnswerAfterApply', path: '/v1/create_product', answerBytes: 4 * 1024 * 1024 });
    const client = clientFor(world.sandbox, { maxAnswerBytes: 64 * 1024 });
    const error = await rejection(client.createProduct({ title: 'Milk', category: 1 }));
    client.close();
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', operation: 'create_product', httpStatus: 200, attempts: 1 });
    expect(isCreateOutcomeUnknown(error.code)).toBe(true);
    expect(world.sandbox.requestCount('/v1/create_product')).toBe(1);
  });
});
