import { expect, it } from 'vitest';
import { GroupCommit } from '../../src/ledger/group-commit.ts';

it('items added while a write is under way go out together in the next write, in order', async () => {
  const writes: number[][] = [];
  let release: () => void = () => undefined;
  const group = new GroupCommit<number>(async (items) => {
    writes.push(items);
    // The first write waits for the test: everything added meanwhile must share the second.
    if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
  });
  const first = group.add([0]);
  await Promise.resolve();
  await Promise.resolve();
  const rest = Array.from({ length: 31 }, (_, i) => group.add([i + 1]));
  expect(writes).toEqual([[0]]);
  release();
  await Promise.all([first, ...rest]);
  expect(writes).toEqual([[0], Array.from({ length: 31 }, (_, i) => i + 1)]);
});

it('a failed write rejects the callers whose items it carried, and the next group still goes out', async () => {
  let calls = 0;
  const group = new GroupCommit<string>((items) => {
    calls += 1;
    return calls === 1 ? Promise.reject(new Error(`disk full (${items.join(',')})`)) : Promise.resolve();
  });
  const failed = group.add(['a', 'b']);
  await expect(failed).rejects.toThrow('disk full (a,b)');
  await expect(group.add(['c'])).resolves.toBeUndefined();
  await group.idle();
});
