/** The last values sent beside a file ledger: merged field by field, damaged lines skipped, rewritten compact as it grows. */
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

it('rewrites the file one line per product once as many lines were appended as it had products', async () => {
  const file = join(dir, 'ledger.jsonl.last-sent');
  const store = new FileLastSent(file, 3);
  await store.record([['p:1', { sale_price: 1 }]]);
  await store.record([['p:1', { sale_price: 2 }]]);
  expect(await lines(file)).toHaveLength(2);
  await store.record([['p:2', { title: 'Desk' }]]);
  expect(await lines(file)).toEqual([
    { k: 'p:1', v: { sale_price: 2 } },
    { k: 'p:2', v: { title: 'Desk' } },
  ]);
  // Appends go on after the rewrite; the next one waits for three more lines.
  await store.record([['p:1', { sale_price: 4 }]]);
  expect(await lines(file)).toHaveLength(3);
  expect(await store.getMany(['p:1', 'p:2'])).toEqual([{ sale_price: 4 }, { title: 'Desk' }]);
  await store.close();
});

it('a rewrite keeps each product once, its fields merged from all its lines, in the order their last lines came', async () => {
  const file = join(dir, 'merged.jsonl.last-sent');
  const store = new FileLastSent(file, 4);
  await store.record([
    ['p:1', { title: 'Lamp', sale_price: 10 }],
    ['p:2', { title: 'Desk' }],
  ]);
  await store.record([
    ['p:1', { sale_price: 8 }],
    ['p:3', { title: 'Stool' }],
  ]);
  expect(await lines(file)).toEqual([
    { k: 'p:2', v: { title: 'Desk' } },
    { k: 'p:1', v: { title: 'Lamp', sale_price: 8 } },
    { k: 'p:3', v: { title: 'Stool' } },
  ]);
  await store.close();
});

async function lines(file: string): Promise<unknown[]> {
  return (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}

it('a forgotten product reads as never sent; sent again, only its new fields count; a rewrite leaves it out', async () => {
  const file = join(dir, 'forgotten.jsonl.last-sent');
  const store = new FileLastSent(file, 4);
  await store.record([
    ['p:1', { title: 'Lamp', sale_price: 10 }],
    ['p:2', { title: 'Desk' }],
  ]);
  await store.forget(['p:1']);
  expect(await store.getMany(['p:1', 'p:2'])).toEqual([undefined, { title: 'Desk' }]);
  expect(await store.size()).toBe(1);
  await store.record([['p:1', { sale_price: 3 }]]);
  expect(await store.getMany(['p:1'])).toEqual([{ sale_price: 3 }]);
  // The fourth line appended: rewritten, p:1 from its forgetting on.
  expect(await lines(file)).toEqual([
    { k: 'p:2', v: { title: 'Desk' } },
    { k: 'p:1', v: { sale_price: 3 } },
  ]);
  await store.forget(['p:2']);
  await store.record([['p:3', { title: 'Stool' }]]);
  await store.record([['p:4', { title: 'Bed' }]]);
  await store.record([['p:5', { title: 'Rug' }]]);
  expect(await lines(file)).toEqual([
    { k: 'p:1', v: { sale_price: 3 } },
    { k: 'p:3', v: { title: 'Stool' } },
    { k: 'p:4', v: { title: 'Bed' } },
    { k: 'p:5', v: { title: 'Rug' } },
  ]);
  await store.close();
});
