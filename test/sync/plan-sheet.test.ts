/**
 * Planning a whole sheet a chunk at a time (src/sync/plan-sheet.ts), each chunk's records looked
 * up while the next is read: every row is decided against its own record and visited once, in
 * sheet order, whatever the chunk size; a ledger that fails its lookup fails the plan.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryLedger } from '../../src/ledger/memory-store.ts';
import { planSheet, type RecordSource } from '../../src/sync/plan-sheet.ts';
import type { RowChange } from '../../src/sync/plan-row.ts';
import { syncedRecord } from '../ledger/entries.ts';

const ROWS = 23;
let dir: string;
let file: string;
const settings = { mode: 'full' as const, keyColumn: 'barcode', retryUnknown: false };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plan-sheet-'));
  file = join(dir, 'products.csv');
  const lines = ['product_id,title,sale_price'];
  for (let i = 1; i <= ROWS; i++) lines.push(`${i},Product ${i},${i % 3 === 0 ? 50 : 10}`);
  await writeFile(file, `${lines.join('\n')}\n`);
});

afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every product known at price 10: the rows at 50 change it, the others change no field. */
async function ledger(): Promise<MemoryLedger> {
  const known = new MemoryLedger();
  await known.setMany(
    Array.from({ length: ROWS }, (_, i) => [`p:${i + 1}`, syncedRecord({ title: `Product ${i + 1}`, sale_price: 10 })]),
  );
  return known;
}

async function planned(records: RecordSource, chunk: number): Promise<RowChange[]> {
  const changes: RowChange[] = [];
  await planSheet(file, records, { maxTextLength: 65_535, settings, chunk }, (change) => {
    changes.push(change);
  });
  return changes;
}

describe('planning a sheet a chunk at a time', () => {
  it.each([1, 5, 23, 250])('visits every row once, in order, against its own record (chunks of %i)', async (chunk) => {
    const changes = await planned(await ledger(), chunk);
    expect(changes.map((c) => c.row)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 2));
    for (const [i, change] of changes.entries()) {
      const changed = (i + 1) % 3 === 0;
      expect(change.action).toBe('update');
      expect(change.seen).toBe(true);
      expect(change.changes).toEqual(changed ? [{ field: 'sale_price', before: 10, after: 50 }] : []);
    }
  });

  it('fails the plan when a lookup fails, whichever chunk it was', async () => {
    const known = await ledger();
    let lookups = 0;
    // A ledger whose third lookup fails (the second lookup runs while the third chunk is read).
    const records = {
      getMany: async (keys: readonly string[]) => {
        if (++lookups === 3) throw new Error('ledger unreachable');
        return known.getMany(keys);
      },
    };
    await expect(planned(records, 5)).rejects.toThrow('ledger unreachable');
  });
});
