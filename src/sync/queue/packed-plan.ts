/**
 * A row's plan as a queued job carries it, beside the row's cells (and the batch's headers, in its
 * record): Redis holds every queued row, so what the cells and headers already say is not said twice.
 * - A payload field that is one of the row's cells, under a header that is the field's path as the
 *   template writes it (`title`, `prices.1`, `product_option.0.title`), is written as the column's
 *   index alone: in `@t` when the cell is kept as text, in `@n` when it is the number the cell's
 *   text reads as. On a wide sheet the field names were a third of the job.
 * - Any other long text that is one of the row's cells is written as that cell's place, `{"@c": i}`.
 * Pure; unpacking a plan that was never packed (an earlier version's job) gives it back as it is.
 * The fields taken out come back after the others: a payload's key order means nothing to the store.
 */
import type { RowPlan } from '../../sheet/types.ts';

/** Where a payload text is one of the row's cells: `{"@c": <index>}`; no payload key is `@c`. */
const CELL = '@c';
/** The columns whose cell, as text, is the field their header names. */
const TEXTS = '@t';
/** The columns whose cell, read as a number, is the field their header names. */
const NUMBERS = '@n';

export type PackedPlan = RowPlan & { readonly packed?: never };

type Fields = Record<string, unknown>;

/** Packs the plans of one sheet's rows, whose header row is `headers`. */
export function planPacker(headers: readonly string[]): (plan: RowPlan, cells: readonly string[]) => PackedPlan {
  const columns = new Map<string, number>();
  headers.forEach((header, i) => {
    if (!columns.has(header)) columns.set(header, i);
  });
  return (plan, cells) => {
    if (!('payload' in plan)) return plan;
    const texts: number[] = [];
    const numbers: number[] = [];
    const rest = lift(plan.payload as unknown as Fields, '', (path, value) => {
      const i = columns.get(path);
      const cell = i === undefined ? undefined : cells[i];
      if (cell === undefined) return false;
      if (typeof value === 'string' && value === cell) texts.push(i!);
      else if (typeof value === 'number' && Object.is(Number(cell), value)) numbers.push(i!);
      else return false;
      return true;
    });
    const payload = cellPlaces(rest, cells) as Fields;
    if (texts.length > 0) payload[TEXTS] = texts;
    if (numbers.length > 0) payload[NUMBERS] = numbers;
    return { ...plan, payload } as PackedPlan;
  };
}

export function unpackPlan(plan: PackedPlan, cells: readonly string[], headers: readonly string[]): RowPlan {
  if (!('payload' in plan)) return plan;
  const { [TEXTS]: texts, [NUMBERS]: numbers, ...rest } = plan.payload as unknown as Fields;
  const payload = restore(rest, cells) as Fields;
  for (const i of (texts ?? []) as number[]) place(payload, headers[i], cellOf(cells, i));
  for (const i of (numbers ?? []) as number[]) place(payload, headers[i], Number(cellOf(cells, i)));
  return { ...plan, payload } as RowPlan;
}

/**
 * The fields without those `take` takes (by their path, keys joined by dots); an object left
 * empty goes too. Keys a path cannot name (empty, with a dot, `__proto__`) are kept whole.
 */
function lift(fields: Fields, prefix: string, take: (path: string, value: unknown) => boolean): Fields {
  const kept: [string, unknown][] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (key === '' || key.includes('.') || key === '__proto__') {
      kept.push([key, value]);
      continue;
    }
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (isFields(value)) {
      const inner = lift(value, path, take);
      if (Object.keys(inner).length > 0 || Object.keys(value).length === 0) kept.push([key, inner]);
    } else if (!take(path, value)) kept.push([key, value]);
  }
  return Object.fromEntries(kept);
}

/** Sets the field at a dotted path, making the objects on the way. */
function place(fields: Fields, path: string | undefined, value: unknown): void {
  if (path === undefined) throw new RangeError('a queued plan names a column the batch lacks');
  const keys = path.split('.');
  let at = fields;
  for (const key of keys.slice(0, -1)) {
    const next = at[key];
    if (isFields(next)) at = next;
    else at = at[key] = {};
  }
  at[keys[keys.length - 1]!] = value;
}

function cellOf(cells: readonly string[], i: number): string {
  const cell = cells[i];
  if (cell === undefined) throw new RangeError(`a queued plan names cell ${i}, which the row lacks`);
  return cell;
}

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Long texts that are cells written as their place. */
function cellPlaces(fields: Fields, cells: readonly string[]): unknown {
  const at = new Map<string, number>();
  // Long texts only: a reference costs 8 bytes or more, a short value is cheaper as it is.
  cells.forEach((cell, i) => {
    if (cell.length > 8 && !at.has(cell)) at.set(cell, i);
  });
  if (at.size === 0) return fields;
  return replace(fields, (text) => (at.has(text) ? { [CELL]: at.get(text)! } : text));
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
  if (entries.length === 1 && entries[0]![0] === CELL && typeof entries[0]![1] === 'number')
    return cellOf(cells, entries[0]![1]);
  return Object.fromEntries(entries.map(([key, item]) => [key, restore(item, cells)]));
}
