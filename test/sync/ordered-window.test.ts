import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { OrderedWindow } from '../../src/sync/ordered-window.ts';

/** Row i is decided at once when `i % 3 === 0`, else after a delay that makes later rows finish first. */
const task = (i: number): number | Promise<number> => (i % 3 === 0 ? i : sleep((7 - (i % 7)) * 2).then(() => i));

describe('OrderedWindow', () => {
  it('hands rows on in order whether they end at once or later, and whatever the sink does', async () => {
    for (const sinkWaits of [false, true]) {
      const seen: number[] = [];
      const window = new OrderedWindow<number>(8, (i) => {
        seen.push(i);
        return sinkWaits && i % 2 === 0 ? sleep(1) : undefined;
      });
      for (let i = 0; i < 60; i++) {
        const waiting = window.submit(task, i);
        if (waiting) await waiting;
      }
      await window.drain();
      expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => i));
    }
  });

  it('never runs more than `window` rows ahead of the oldest unfinished one', async () => {
    let release: () => void = () => undefined;
    const first = new Promise<number>((resolve) => (release = () => resolve(0)));
    const window = new OrderedWindow<number>(4, () => undefined);
    let started = 0;
    const start = (i: number) => {
      started++;
      return i === 0 ? first : i;
    };
    const submitting = (async () => {
      for (let i = 0; i < 10; i++) {
        const waiting = window.submit(start, i);
        if (waiting) await waiting;
      }
    })();
    // Everything above runs on promise callbacks: once a macrotask comes round, the loop went as far as it can.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(4);
    release();
    await submitting;
    await window.drain();
    expect(started).toBe(10);
  });

  it('a failing task or sink stops the window: drain and later submits throw it', async () => {
    const failingTask = new OrderedWindow<number>(4, () => undefined);
    expect(failingTask.submit(() => Promise.reject(new Error('row 1 broke')), 1)).toBeUndefined();
    await expect(failingTask.drain()).rejects.toThrow('row 1 broke');

    const failingSink = new OrderedWindow<number>(1, () => {
      throw new Error('report disk full');
    });
    expect(failingSink.submit((i: number) => i, 0)).toBeUndefined();
    await expect(Promise.resolve(failingSink.submit((i: number) => i, 1))).rejects.toThrow('report disk full');
  });
});
