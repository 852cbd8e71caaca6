/**
 * A store that answers "Access denied" to a product_id it does not have, as it does to a refused
 * token: the row is told apart by whether the login itself works (a fresh token lists the
 * categories), so it ends ID_DENIED with the hint to check the product, not "check the store's
 * login"; the other rows go on. The real CLI against a sandbox that answers so.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { hintOf } from '../../src/messages/hint-of.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { useCliWorld } from './helpers/cli-world.ts';

const t = useCliWorld({ unknownProductAnswer: 'access-denied' });

it('an unknown product_id the store answers "Access denied" ends ID_DENIED, hinting at the product, not the login', async () => {
  const known = t.world.sandbox.seedProduct({ title: 'Oud', sale_price: 5, category: 1 });
  const sheet = await t.world.sheet('u.csv', ['product_id,sale_price', `${known.product_id},7`, '999999,8']);
  const run = t.cli(['import', sheet, '--queue', 'local', '--json'], { REDIS_URL: undefined });
  expect(await run.exit(), run.all()).toBe(1);
  const summary = JSON.parse(run.out()) as BatchSummary;
  expect(summary.counts).toMatchObject({ updated: 1, failed: 1 });

  const lines = (await readFile(join(summary.reportDir, 'messages.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { row: number; code?: string });
  expect(lines).toEqual([expect.objectContaining({ row: 3, code: 'ID_DENIED' })]);
  const hint = hintOf({ outcome: 'failed', code: 'ID_DENIED' }, 'en');
  expect(hint).toContain('product id');
  expect(hint).not.toContain("Check the store's login");
  expect(await readFile(join(summary.reportDir, 'results.csv'), 'utf8')).toContain('though its login works');
});
