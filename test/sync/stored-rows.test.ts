/** A Redis batch's report reads its rows in order without listing them first (batch-state.ts storedRows). */
import { describe, expect, it } from 'vitest';
import { BatchState, type StoredRow } from '../../src/sync/queue/batch-state.ts';
import { engineKeys } from '../../src/sync/queue/keys.ts';
import { useRedisWorld } from './helpers/queue-world.ts';

const world = useRedisWorld('stored-rows', { once: true });

const stored = (row: number): StoredRow => ({
  result: { row, outcome: 'created', message: `row ${row}`, httpStatus: 201, attempts: 1, code: 'created' },
  cells: [`Tea ${row}`],
});

async function readAll(state: BatchState, batchId: string, chunk: number): Promise<number[]> {
  const rows: number[] = [];
  for await (const some of state.storedRows(batchId, chunk)) rows.push(...some.map((s) => s.result.row));
  return rows;
}

describe('storedRows', () => {
  it('gives every stored row once, in row order, across gaps', async () => {
    const state = new BatchState(world.redis, engineKeys(world.prefix));
    const rows = [2, 3, 5, 999, 1_000, 1_001, 4_500];
    // Recorded out of order, as workers finish them.
    for (const row of [...rows].reverse()) await state.record('gaps', stored(row));
    expect(await readAll(state, 'gaps', 1_000)).toEqual(rows);
    expect(await readAll(state, 'gaps', 7)).toEqual(rows);
    expect(await readAll(state, 'none', 1_000)).toEqual([]);
  });

  it('past a million row numbers without a result, lists the rows still to come and goes on in order', async () => {
    const state = new BatchState(world.redis, engineKeys(world.prefix));
    const rows = [2, 40, 3_000_000, 3_000_007, 5_000_000];
    for (const row of rows) await state.record('far', stored(row));
    const got: StoredRow[] = [];
    for await (const some of state.storedRows('far', 1_000)) got.push(...some);
    expect(got.map((s) => s.result.row)).toEqual(rows);
    expect(got[2]).toEqual(stored(3_000_000));
  });
});
