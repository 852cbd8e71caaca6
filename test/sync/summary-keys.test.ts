/**
 * One summary.json for both transports: the same sheet run local and redis gives
 * the same keys, in the same order, in the file and in what the call returns.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyCounts } from '../../src/outcome.ts';
import { batchSummary } from '../../src/report/summary.ts';
import { changedAfterFirstRow, writeChangingSheet } from './helpers/broken-sheet.ts';
import { localTransport, redisTransport, type Transport } from './helpers/transports.ts';
import { startWorld, type World } from './helpers/world.ts';

const opened: { world: World; transport: Transport }[] = [];
afterEach(async () => {
  for (const { world, transport } of opened.splice(0)) {
    await transport.cleanup();
    await world.close();
  }
});

async function summaryKeys(transport: Transport): Promise<{ returned: string[]; written: string[] }> {
  const world = await startWorld();
  opened.push({ world, transport });
  const file = join(world.dir, 'changing.csv');
  await writeChangingSheet(file);
  const summary = await transport.run(
    world,
    { file, source: 'keys', rerunOf: '20260101-000000-abcdef', fixes: '20260101-000000-fedcba' },
    { openSheet: changedAfterFirstRow },
  );
  const written = JSON.parse(await readFile(join(summary.reportDir, 'summary.json'), 'utf8')) as object;
  return { returned: Object.keys(summary), written: Object.keys(written) };
}

describe('summary.json', () => {
  it('has the same keys in the same order from the local and the redis transport', async () => {
    const local = await summaryKeys(localTransport());
    const queue = await summaryKeys(redisTransport());
    expect(local.written.join(' ')).toBe(
      'batchId store source file kind columns total counts startedAt finishedAt rate rerunOf fixes readError categoryCounts reportDir',
    );
    expect(queue.written).toEqual(local.written);
    expect(local.returned).toEqual(local.written);
    expect(queue.returned).toEqual(queue.written);
  });
});

describe('batchSummary', () => {
  const facts = {
    batchId: 'b',
    source: 's',
    file: 'f.csv',
    kind: 'products' as const,
    total: 0,
    counts: emptyCounts(),
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
    rate: 10,
    reportDir: 'reports/b',
  };

  it('leaves out the facts a batch does not have', () => {
    const summary = batchSummary({ ...facts, rerunOf: undefined, dryRun: false, readError: undefined });
    expect(Object.keys(summary).join(' ')).toBe(
      'batchId source file kind total counts startedAt finishedAt rate reportDir',
    );
  });

  it('puts every optional fact in one order', () => {
    const summary = batchSummary({
      ...facts,
      sheet: { name: 'Catalog', hiddenSkipped: [] },
      readError: { code: 'unreadable_csv', message: 'm' },
      skippedUnchanged: { count: 2, listed: false, rows: '2-3' },
      dryRun: true,
      rerunOf: 'a',
      store: { url: 'https://a.example', account: 'v@a.example' },
      categoryCounts: { before: { at: '2026-01-01T00:00:00.000Z', totals: { '1': 0 } } },
    });
    expect(Object.keys(summary).join(' ')).toBe(
      'batchId store source file kind sheet total counts startedAt finishedAt rate rerunOf dryRun skippedUnchanged readError categoryCounts reportDir',
    );
  });
});
