/**
 * A row's plan as a queued job carries it, beside the row's cells: every text in the payload that
 * is one of the row's cells, as typed (a title, a description, a barcode), is written as that
 * cell's place instead of a second copy. A job carries its cells for the report anyway, so the
 * payload's texts were Redis's biggest repeat (a wide sheet's row with Arabic descriptions: about
 * 40% of the job). Pure; unpacking a plan that was never packed (an earlier version's job) gives
 * it back as it is.
 */
import type { RowPlan } from '../../sheet/types.ts';

/** Where a payload text is one of the row's cells: `{"@c": <index>}`; no payload key is `@c`. */
const CELL = '@c';

export type PackedPlan = RowPlan & { readonly packed?: never };

export function packPlan(plan: RowPlan, cells: readonly string[]): PackedPlan {
  if (!('payload' in plan)) return plan;
  const at = new Map<string, number>();
  // Long texts only: a reference costs 8 bytes or more, a short value is cheaper as it is.
  cells.forEach((cell, i) => {
    if (cell.length > 8 && !at.has(cell)) at.set(cell, i);
  });
  if (at.size === 0) return plan;
  return {
    ...plan,
    payload: replace(plan.payload, (text) => (at.has(text) ? { [CELL]: at.get(text)! } : text)),
  } as PackedPlan;
}

export function unpackPlan(plan: PackedPlan, cells: readonly string[]): RowPlan {
  if (!('payload' in plan)) return plan;
  return { ...plan, payload: restore(plan.payload, cells) } as RowPlan;
}

function replace(value: unknown, text: (s: string) => unknown): unknown {
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) return value.map((item) => replace(item, text));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replace(item, text)]));
  return value;
}

function restore(value: unknown, cells: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => restore(item, cells));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  if (entries.length === 1 && entries[0]![0] === CELL && typeof entries[0]![1] === 'number') {
    const cell = cells[entries[0]![1]];
    if (cell === undefined) throw new RangeError(`a queued plan names cell ${entries[0]![1]}, which the row lacks`);
    return cell;
  }
  return Object.fromEntries(entries.map(([key, item]) => [key, restore(item, cells)]));
}
