/** Rendezvous assignment of stores to workers: stable, balanced, and moving few stores on a change. */
import { describe, expect, it } from 'vitest';
import { assignStores, storesOf, workersOf } from '../../src/app/leases/assign.ts';

const scopes = Array.from({ length: 600 }, (_, i) => `scope-${i}`);
const workers = (n: number) => Array.from({ length: n }, (_, i) => `worker-${i}`);

/** How many stores changed their workers between two assignments. */
function moved(before: Map<string, string[]>, after: Map<string, string[]>): number {
  return [...before].filter(([scope, ids]) => ids.join() !== after.get(scope)!.join()).length;
}

describe('assignStores', () => {
  it.each([
    { n: 1, perStore: 1 },
    { n: 2, perStore: 1 },
    { n: 4, perStore: 1 },
    { n: 4, perStore: 2 },
    { n: 3, perStore: 5 },
  ])('$n workers, $perStore per store: each store to min(n, perStore) distinct workers', ({ n, perStore }) => {
    const assigned = assignStores(scopes, workers(n), perStore);
    for (const ids of assigned.values()) {
      expect(ids).toHaveLength(Math.min(n, perStore));
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('is the same whatever the order of the workers (every worker computes it alone)', () => {
    const ids = workers(5);
    expect(assignStores(scopes, [...ids].reverse(), 2)).toEqual(assignStores(scopes, ids, 2));
  });

  it.each([2, 4, 8])('spreads 600 stores over %i workers within 25%% of an even share', (n) => {
    const counts = new Map<string, number>();
    for (const [id] of assignStores(scopes, workers(n), 1).values()) counts.set(id!, (counts.get(id!) ?? 0) + 1);
    const even = scopes.length / n;
    expect(counts.size).toBe(n);
    for (const count of counts.values()) expect(Math.abs(count - even)).toBeLessThan(even * 0.25);
  });

  it.each([1, 2])('a worker joining takes only stores that move to it (%i per store)', (perStore) => {
    const before = assignStores(scopes, workers(4), perStore);
    const after = assignStores(scopes, [...workers(4), 'newcomer'], perStore);
    for (const [scope, ids] of before) {
      const now = after.get(scope)!;
      // The store kept its workers, or the newcomer took one worker's place: nobody else moved in.
      expect(now.filter((id) => !ids.includes(id))).toEqual(now.includes('newcomer') ? ['newcomer'] : []);
    }
    // About 1/5 of the stores move (perStore/5 of the places), far from a reshuffle.
    expect(moved(before, after)).toBeLessThan((scopes.length * perStore * 1.5) / 5);
  });

  it('a worker leaving gives up only its own stores, the others keep theirs', () => {
    const before = assignStores(scopes, workers(4), 1);
    const after = assignStores(
      scopes,
      workers(4).filter((id) => id !== 'worker-2'),
      1,
    );
    for (const [scope, [id]] of before) if (id !== 'worker-2') expect(after.get(scope)).toEqual([id]);
    expect(moved(before, after)).toBe([...before.values()].filter(([id]) => id === 'worker-2').length);
  });

  it('no live workers: no store is served', () => {
    expect(assignStores(['a'], [], 1).get('a')).toEqual([]);
  });

  it('storesOf and workersOf agree with the whole assignment', () => {
    const ids = workers(3);
    const assigned = assignStores(scopes, ids, 2);
    expect(storesOf('worker-1', scopes, ids, 2)).toEqual(scopes.filter((s) => assigned.get(s)!.includes('worker-1')));
    expect(workersOf(scopes[7]!, ids, 2)).toEqual(assigned.get(scopes[7]!));
  });
});
