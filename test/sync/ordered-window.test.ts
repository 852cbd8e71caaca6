import { setImmediate as turn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { OrderedWindow } from '../../src/sync/ordered-window.ts';

/** A promise settled from outside the task, so a test decides the order rows finish in. */
function gate<T>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

describe('OrderedWindow', () => {
  it('hands rows on in order whatever order they end in, and whatever the sink does', async () => {
    for (const sinkWaits of [false, true]) {
      const seen: number[] = [];
      const window = new OrderedWindow<number>(8, async (i) => {
        seen.push(i);
        if (sinkWaits && i % 2 === 0) await turn();
      });
      // Rows end in reverse order within each group of 8 (the last submitted ends first).
      const gates = Array.from({ length: 64 }, () => gate<number>());
      for (let i = 0; i < 64; i++) {
        await window.submit(() => gates[i]!.promise);
        if (i % 8 === 7) for (let j = i; j > i - 8; j--) gates[j]!.open(j);
      }
      await window.drain();
      expect(seen).toEqual(Array.from({ length: 64 }, (_, i) => i));
    }
  });

  it('never runs more than `size` rows ahead of the oldest unfinished one', async () => {
    const first = gate<number>();
    const window = new OrderedWindow<number>(4, () => Promise.resolve());
    let started = 0;
    const submitting = (async () => {
      for (let i = 0; i < 10; i++) {
        await window.submit(() => {
          started++;
          return i === 0 ? first.promise : Promise.resolve(i);
        });
      }
    })();
    // A macrotask turn: every microtask the window could run without row 0 has run.
    await turn();
    expect(started).toBe(4);
    first.open(0);
    await submitting;
    await window.drain();
    expect(started).toBe(10);
  });

  it('a failing task or sink stops the window: drain and later submits throw it', async () => {
    const failingTask = new OrderedWindow<number>(4, () => Promise.resolve());
    await failingTask.submit(() => Promise.reject(new Error('row 1 broke')));
    await expect(failingTask.drain()).rejects.toThrow('row 1 broke');
    await expect(failingTask.submit(() => Promise.resolve(2))).rejects.toThrow('row 1 broke');

    const failingSink = new OrderedWindow<number>(1, () => Promise.reject(new Error('report disk full')));
    await failingSink.submit(() => Promise.resolve(0));
    await expect(failingSink.submit(() => Promise.resolve(1))).rejects.toThrow('report disk full');
  });
});
