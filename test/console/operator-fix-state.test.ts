/**
 * The fix grid's data (src/console/page/fix-state.ts) and the page's other DOM-free helpers:
 * which rows a send takes, where a check's problems show, what a row's outcome does to it.
 */
import { describe, expect, it, vi } from 'vitest';
import { shownCounts } from '../../src/console/page/counts.ts';
import { debounce } from '../../src/console/page/debounce.ts';
import { FixState } from '../../src/console/page/fix-state.ts';
import { fixable, nextStepKey, reconcileCommand } from '../../src/console/page/next-step.ts';

function grid(): FixState {
  const state = new FixState();
  state.add([
    {
      row: 3,
      cells: { title: '', sale_price: '9', category: '1' },
      problem: { row: 3, column: 'title', message: 'title is empty' },
    },
    {
      row: 4,
      cells: { title: 'Chair', sale_price: '3O', category: '1', barcode: 'B-3' },
      problem: { row: 4, column: 'sale_price', message: '"3O" is not a number' },
    },
  ]);
  return state;
}

describe('the fix grid', () => {
  it("has the sheet's own columns, in the order its rows name them, and shows each batch problem by its cell", () => {
    const state = grid();
    expect(state.columns).toEqual(['title', 'sale_price', 'category', 'barcode']);
    expect(state.problem(3, 'title')).toBe('title is empty');
    expect(state.problem(4, 'sale_price')).toBe('"3O" is not a number');
    expect(state.problem(4, 'title')).toBeUndefined();
  });

  it('sends exactly the edited rows, with all their cells; a cell put back leaves its row out', () => {
    const state = grid();
    expect(state.edited()).toEqual([]);
    state.edit(4, 'sale_price', '30');
    expect(state.edited()).toEqual([
      { row: 4, cells: { title: 'Chair', sale_price: '30', category: '1', barcode: 'B-3' } },
    ]);
    state.edit(4, 'sale_price', '3O');
    expect(state.edited()).toEqual([]);
  });

  it("shows a check's problems for the rows it checked, and a row no longer edited its batch problem again", () => {
    const state = grid();
    state.edit(3, 'title', 'Stool');
    state.edit(4, 'sale_price', '-1');
    state.checked(
      [3, 4],
      [
        { row: 4, column: 'sale_price', message: 'must be 0 or more' },
        { row: 4, message: 'row-wide' },
      ],
    );
    expect(state.problem(3, 'title')).toBeUndefined();
    expect(state.problem(4, 'sale_price')).toBe('must be 0 or more');
    expect(state.rowProblem(4)).toBe('row-wide');
    expect(state.editedWithProblems()).toEqual([4]);
    state.edit(3, 'title', '');
    state.checked([4], []);
    expect(state.problem(3, 'title')).toBe('title is empty');
    expect(state.editedWithProblems()).toEqual([]);
  });

  it('takes sent rows out of the next send; a row that ends created stays done, one refused again is editable', () => {
    const state = grid();
    state.edit(3, 'title', 'Stool');
    state.edit(4, 'sale_price', '30');
    state.sent([3, 4]);
    expect(state.edited()).toEqual([]);
    expect(state.editable(3)).toBe(false);
    state.settle(3, 'created', null);
    state.settle(4, 'failed', { row: 4, message: 'refused by the store' });
    expect([state.outcome(3), state.editable(3)]).toEqual(['created', false]);
    expect([state.outcome(4), state.editable(4), state.isEdited(4)]).toEqual([null, true, false]);
    expect(state.rowProblem(4)).toBe('refused by the store');
  });
});

describe("the page's other helpers", () => {
  it("lists a dry run's would_* counts among the outcomes, none that are 0", () => {
    expect(shownCounts({ would_create: 56, invalid: 4, created: 0 })).toEqual([
      ['invalid', 4],
      ['would_create', 56],
    ]);
    expect(shownCounts(null)).toEqual([]);
  });

  it('offers invalid and failed rows for a fix, an unknown create reconcile instead', () => {
    expect([fixable('invalid'), fixable('failed'), fixable('unknown')]).toEqual([true, true, false]);
    expect(nextStepKey('unknown')).toBe('next_unknown');
    expect(reconcileCommand('20260101-000000-abc')).toBe('catalog-sync reconcile 20260101-000000-abc');
  });

  it('checks once typing pauses; flush checks at once, cancel drops it', () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn<(v: string) => void>();
      const check = debounce(run, 300);
      check('a');
      check('ab');
      vi.advanceTimersByTime(299);
      expect(run).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(run.mock.calls).toEqual([['ab']]);
      check('abc');
      check.flush();
      expect(run.mock.calls).toEqual([['ab'], ['abc']]);
      check('x');
      check.cancel();
      vi.advanceTimersByTime(1000);
      expect(run.mock.calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
