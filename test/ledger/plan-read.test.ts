/**
 * A plan's read of many records at once (getMany with 'plan': the guard's, the preview's, a
 * worker's look before a create) gives each key its own record or nothing, in the order asked,
 * whatever the records hold: a batch or fingerprint with a newline, a tab or a `|`, Arabic values,
 * keys absent among them, more keys than one Redis reply carries, and no undo steps. Real Redis
 * and a real file, against the same records read whole.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileLedger } from '../../src/ledger/file-store.ts';
import type { Ledger, LedgerEntry } from '../../src/ledger/ledger.ts';
import { RedisLedger } from '../../src/ledger/redis-store.ts';
import { useRedisWorld } from '../sync/helpers/queue-world.ts';

const odd: [string, LedgerEntry][] = [
  ['p:1', { fp: 'fp', st: 'synced', batch: 'line\nbreak', row: 2, v: { title_ar: 'منتج\nجديد' } }],
  ['p:2', { fp: 'a|b', st: 'synced', batch: 'tab\there', row: 3, v: { title: 'x' }, ln: ['k:barcode:B2'] }],
  [
    'k:barcode:B2',
    { fp: 'fp', st: 'pending', batch: 'B', row: 3, u: [{ b: 'B0', was: { sale_price: 1 } }], ln: ['p:2'] },
  ],
  ['p:4', { fp: 'fp', st: 'unknown', batch: 'B', row: 5 }],
];

/** 2,500 plain records besides the odd ones: a plan's read of them all spans several replies. */
const many: [string, LedgerEntry][] = Array.from({ length: 2_500 }, (_, i) => [
  `p:${100 + i}`,
  { fp: 'fp', st: 'synced', batch: 'B', row: i + 2, v: { sale_price: i } },
]);

async function expectPlanReads(ledger: Ledger): Promise<void> {
  await ledger.setMany([...odd, ...many]);
  const asked = ['p:99404', ...odd.map(([key]) => key), 'p:99405', ...many.map(([key]) => key), 'p:1'];
  const whole = await ledger.getMany(asked);
  const plan = await ledger.getMany(asked, 'plan');
  expect(plan).toHaveLength(asked.length);
  expect(plan[0]).toBeUndefined();
  expect(plan[odd.length + 1]).toBeUndefined();
  // Each record as read whole, but its undo steps.
  expect(plan).toEqual(whole.map((entry) => (entry === undefined ? undefined : { ...entry, u: undefined })));
  expect(plan[1]).toMatchObject({ batch: 'line\nbreak', v: { title_ar: 'منتج\nجديد' } });
  expect(plan[3]).toMatchObject({ st: 'pending', ln: ['p:2'] });
  expect(whole[3]?.u).toEqual([{ b: 'B0', was: { sale_price: 1 } }]);
  expect(plan.at(-1)).toEqual(plan[1]);
}

const world = useRedisWorld('plan-read', { once: true });

describe("a plan's read of many records", () => {
  it('Redis: each key its record or nothing, in order, in several replies', async () => {
    await expectPlanReads(new RedisLedger(world.redis, world.prefix, 'store'));
  });

  it('file: the same', async () => {
    const ledger = await FileLedger.open(join(world.dir, 'ledger.jsonl'));
    await expectPlanReads(ledger);
    await ledger.close();
  });
});
