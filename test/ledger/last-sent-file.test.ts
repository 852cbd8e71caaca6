/** The last values sent beside a file ledger: merged field by field, damaged lines skipped, rewritten compact at close. */
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FileLastSent } from '../../src/ledger/last-sent-file.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'last-sent-file-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('merges each product field by field, a later line winning, and skips a damaged line', async () => {
  const file = join(dir, 'ledger.jsonl.last-sent');
  const store = new FileLastSent(file);
  await store.record([['p:1', { title: 'Lamp', sale_price: 10 }]]);
  // A crash mid-append leaves half a line: it reads as absent.
  await appendFile(file, '{"k":"p:1","v":{"sale_pr');
  await appendFile(file, '\n');
  await store.record([
    ['p:1', { sale_price: 12 }],
    ['p:2', { product_status: 0 }],
  ]);
  expect(await store.getMany(['p:1', 'p:2', 'p:3'])).toEqual([
    { title: 'Lamp', sale_price: 12 },
    { product_status: 0 },
    undefined,
  ]);
  expect(await store.size()).toBe(2);
  await store.close();
});

it('a process that appended many lines rewrites the file at close, one line per product', async () => {
  const file = join(dir, 'ledger.jsonl.last-sent');
  const store = new FileLastSent(file, 3);
  for (const price of [1, 2, 3]) await store.record([['p:1', { sale_price: price }]]);
  await store.record([['p:2', { title: 'Desk' }]]);
  await store.close();
  const lines = (await readFile(file, 'utf8')).trim().split('\n');
  expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
    { k: 'p:1', v: { sale_price: 3 } },
    { k: 'p:2', v: { title: 'Desk' } },
  ]);
  // Below the threshold, close leaves the lines as they are.
  const few = new FileLastSent(file, 3);
  await few.record([['p:1', { sale_price: 4 }]]);
  await few.close();
  expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(3);
  expect(await few.getMany(['p:1'])).toEqual([{ sale_price: 4 }]);
});
