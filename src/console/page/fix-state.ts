/**
 * The fix grid's data, without the DOM: each problem row's cells as the sheet had them and as
 * edited, the problems a check found per cell, and which rows a send takes (exactly the edited
 * ones). Columns are the sheet's own, in the order its rows name them.
 */
export interface GridRow {
  row: number;
  cells: Record<string, string>;
}

export interface CellProblem {
  row: number;
  column?: string | null;
  message: string;
}

interface Entry {
  original: Record<string, string>;
  cells: Record<string, string>;
  /** Problems by column; '' for a problem of the row as a whole. */
  problems: Map<string, string>;
  /** The problem the batch recorded, shown until an edit is checked (and again when it is undone). */
  initial: CellProblem | null;
  /** The outcome of a send, once its batch ended. */
  outcome: string | null;
}

export class FixState {
  readonly columns: string[] = [];
  private readonly entries = new Map<number, Entry>();

  /** Rows to fix, each with the problem its batch recorded. */
  add(rows: readonly (GridRow & { problem?: CellProblem | null })[]): void {
    for (const { row, cells, problem } of rows) {
      if (this.entries.has(row)) continue;
      for (const column of Object.keys(cells)) if (!this.columns.includes(column)) this.columns.push(column);
      const initial = problem ?? null;
      this.entries.set(row, {
        original: { ...cells },
        cells: { ...cells },
        problems: new Map(),
        outcome: null,
        initial,
      });
      this.setProblems([], initial ? [initial] : []);
    }
  }

  rows(): number[] {
    return [...this.entries.keys()];
  }

  value(row: number, column: string): string {
    return this.entry(row).cells[column] ?? '';
  }

  original(row: number, column: string): string {
    return this.entry(row).original[column] ?? '';
  }

  edit(row: number, column: string, value: string): void {
    this.entry(row).cells[column] = value;
  }

  isEdited(row: number): boolean {
    const { original, cells } = this.entry(row);
    return this.columns.some((c) => (cells[c] ?? '') !== (original[c] ?? ''));
  }

  /** What a check or a send takes: every edited row not sent yet, with all its cells. */
  edited(): GridRow[] {
    return this.rows()
      .filter((row) => this.isEdited(row) && this.entry(row).outcome === null)
      .map((row) => ({ row, cells: { ...this.entry(row).cells } }));
  }

  /**
   * The problems a check of the edited rows found: theirs replace the earlier ones, and a row no
   * longer edited shows its batch's problem again.
   */
  checked(checked: readonly number[], problems: readonly CellProblem[]): void {
    const unedited = this.rows().filter((row) => !checked.includes(row) && this.entry(row).outcome === null);
    this.setProblems(checked, problems);
    for (const row of unedited) {
      const initial = this.entry(row).initial;
      this.setProblems([row], initial ? [initial] : []);
    }
  }

  private setProblems(checked: readonly number[], problems: readonly CellProblem[]): void {
    for (const row of checked) this.entries.get(row)?.problems.clear();
    for (const p of problems) {
      const entry = this.entries.get(p.row);
      if (!entry) continue;
      const column = p.column && this.columns.includes(p.column) ? p.column : '';
      const before = entry.problems.get(column);
      entry.problems.set(column, before ? `${before}; ${p.message}` : p.message);
    }
  }

  problem(row: number, column: string): string | undefined {
    return this.entry(row).problems.get(column);
  }

  /** The row's problems that belong to no column of the grid. */
  rowProblem(row: number): string | undefined {
    return this.entry(row).problems.get('');
  }

  /** Edited rows a check found problems in: a send would be refused (422). */
  editedWithProblems(): number[] {
    return this.edited()
      .map(({ row }) => row)
      .filter((row) => this.entry(row).problems.size > 0);
  }

  /** The rows were sent: no more edits until their batch says how they ended. */
  sent(rows: readonly number[]): void {
    for (const row of rows) {
      const entry = this.entries.get(row);
      if (entry) entry.outcome = 'sending';
    }
  }

  /**
   * How a sent row ended. A row that needs attention again is editable again, from the cells
   * just sent, with its new problem; any other outcome ends its part in the grid.
   */
  settle(row: number, outcome: string, problem: CellProblem | null): void {
    const entry = this.entries.get(row);
    if (!entry) return;
    if (outcome === 'invalid' || outcome === 'failed') {
      entry.original = { ...entry.cells };
      entry.outcome = null;
      entry.initial = problem;
      this.setProblems([row], problem ? [problem] : []);
    } else {
      entry.outcome = outcome;
      entry.problems.clear();
    }
  }

  /** Whether the row's cells may be edited now (not sent, or back with a problem). */
  editable(row: number): boolean {
    return this.entry(row).outcome === null;
  }

  outcome(row: number): string | null {
    return this.entry(row).outcome;
  }

  private entry(row: number): Entry {
    const entry = this.entries.get(row);
    if (!entry) throw new Error(`row ${row} is not in the grid`);
    return entry;
  }
}
