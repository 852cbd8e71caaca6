/**
 * A `category` or `sub_category` cell that names its category (`Perfumes`, `عطور`) rather than
 * giving its id. The store's list is asked for once per sheet opened, and only when a cell holds a
 * name: a sheet of ids (or of the template's `3 - Perfumes`) makes no categories call. What each
 * name was read as is kept, for the summary (`validate`, the console's upload) to say.
 */
import type { Category } from '../../api-types.ts';
import type { Cell } from '../types.ts';
import { fail, quote, type CellReading, type NameReader, type ReadContext } from './cell-reading.ts';
import { categoryLabel, CategoryIndex, isArabic, nameKey } from './category-names.ts';
import type { NameRead } from './name-read.ts';

export type { NameRead } from './name-read.ts';

/** The store's category list, as a batch asks for it (memoised by the caller: one call a batch). */
export type CategorySource = () => Promise<readonly Category[]>;

/** A cell that starts with no digit and holds a letter: a name, not an id or `3 - Perfumes`. */
const NAME_LIKE = /^(?!\s*\p{Nd})(?!\s*#)[^]*\p{L}/u;

export function looksLikeName(text: string): boolean {
  return NAME_LIKE.test(text);
}

export class CategoryNames implements NameReader {
  private index: CategoryIndex | null = null;
  private problem: string | null = null;
  private loading: Promise<void> | null = null;
  private readonly readKeys = new Set<string>();
  /** Names read as ids, each (column, name) once, in the order first met. */
  readonly read: NameRead[] = [];

  /** `source` undefined: no store to ask (validate without one), names are refused saying so. */
  constructor(private readonly source: CategorySource | undefined) {}

  /** Whether the list must be fetched before this cell can be read. */
  needsList(cell: Cell | undefined): boolean {
    if (this.index !== null || this.problem !== null || this.source === undefined) return false;
    return typeof cell === 'string' && looksLikeName(cell);
  }

  /** Fetches the list once; a failure is kept and said in each name's message (ids still read). */
  load(): Promise<void> {
    const source = this.source;
    if (source === undefined) return Promise.resolve();
    this.loading ??= source().then(
      (list) => {
        this.index = new CategoryIndex(list);
      },
      (error: unknown) => {
        this.problem = (error instanceof Error ? error.message : String(error)).slice(0, 300);
      },
    );
    return this.loading;
  }

  /** The id the name stands for, or why it stands for none. */
  readCell(text: string, original: string, ctx: ReadContext): CellReading {
    const value = quote(original);
    if (this.index === null) {
      if (this.problem !== null)
        return fail(ctx, 'category_list_unavailable', 'category_list_unavailable', { value, reason: this.problem });
      return fail(ctx, 'category_name_offline', 'category_name_offline', { value });
    }
    const reading = this.index.read(text);
    const arabic = isArabic(text);
    if (reading.kind === 'ambiguous') {
      const choices = reading.categories.map((c) => categoryLabel(c, arabic)).join(', ');
      return fail(ctx, 'ambiguous_category', 'ambiguous_category', { value, choices });
    }
    if (reading.kind === 'unknown') {
      const closest = reading.closest.map((c) => categoryLabel(c, arabic)).join(', ');
      return fail(ctx, 'unknown_category_name', 'unknown_category_name', { value, closest });
    }
    this.remember(ctx.header, text, reading.category);
    return reading.category.category_id;
  }

  private remember(column: string, text: string, category: Category): void {
    const key = `${column}\u0000${nameKey(text)}`;
    if (this.readKeys.has(key)) return;
    this.readKeys.add(key);
    this.read.push({
      column,
      text,
      id: category.category_id,
      name: category.category_name,
      nameAr: category.category_name_ar,
    });
  }
}
