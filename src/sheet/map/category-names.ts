/**
 * A category by its name, as an operator types it: the store's list (GET /v1/categories) indexed by
 * its English and Arabic names under one key that forgets case, spacing, tatweel, harakat and the
 * Arabic letter variants people type for one another (أ إ آ ٱ for ا, ة for ه, ى for ي). Pure.
 */
import type { Category } from '../../api-types.ts';
import { editDistance } from './suggest.ts';

/** What a name reads as: one category, several, or none (with the closest the store has). */
export type NameReading =
  | { kind: 'found'; category: Category }
  | { kind: 'ambiguous'; categories: Category[] }
  | { kind: 'unknown'; closest: Category[] };

/** Closest names offered for a name the store does not have. */
const CLOSEST = 3;

const MARKS = /[\u064B-\u065F\u0670\u0640\u200B-\u200F\u061C\u2066-\u2069\s]/gu;

/** The key two spellings of one name share. */
export function nameKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(MARKS, '')
    .replace(/[أإآٱ]/gu, 'ا')
    .replace(/ة/gu, 'ه')
    .replace(/ى/gu, 'ي');
}

/** Arabic letters in the text: the name was typed in Arabic (suggestions are given in it too). */
export function isArabic(text: string): boolean {
  return /[\u0600-\u06FF]/u.test(text);
}

export class CategoryIndex {
  private readonly byKey = new Map<string, Category[]>();
  /** A name read once is not looked up again (a sheet repeats its few categories). */
  private readonly seen = new Map<string, NameReading>();

  constructor(readonly categories: readonly Category[]) {
    for (const category of categories) {
      for (const name of [category.category_name, category.category_name_ar]) {
        const key = nameKey(name ?? '');
        if (key === '') continue;
        const found = this.byKey.get(key) ?? [];
        if (!found.some((c) => c.category_id === category.category_id)) found.push(category);
        this.byKey.set(key, found);
      }
    }
  }

  read(text: string): NameReading {
    const key = nameKey(text);
    const known = this.seen.get(key);
    if (known) return known;
    const found = this.byKey.get(key) ?? [];
    const reading: NameReading =
      found.length === 1
        ? { kind: 'found', category: found[0]! }
        : found.length > 1
          ? { kind: 'ambiguous', categories: found }
          : { kind: 'unknown', closest: this.closest(key) };
    this.seen.set(key, reading);
    return reading;
  }

  /** The categories whose names are nearest the key (edit distance), nearest first. */
  private closest(key: string): Category[] {
    const best = new Map<number, { category: Category; distance: number }>();
    for (const [candidate, categories] of this.byKey) {
      const distance = editDistance(key, candidate) - (candidate.includes(key) || key.includes(candidate) ? 1 : 0);
      for (const category of categories) {
        const before = best.get(category.category_id);
        if (!before || distance < before.distance) best.set(category.category_id, { category, distance });
      }
    }
    return [...best.values()]
      .sort((a, b) => a.distance - b.distance || a.category.category_id - b.category.category_id)
      .slice(0, CLOSEST)
      .map((b) => b.category);
  }
}

/**
 * A category as a message names it: `"Perfumes" (4)`, by its name in the language it was typed in,
 * isolated (U+2068 ... U+2069): in a list of Arabic names with numbers, each name and its number
 * stay together whichever way the text around them runs (unisolated, a browser reordered them into
 * `"عطور" ,(4) "كتب",(6)`).
 */
export function categoryLabel(category: Category, arabic: boolean): string {
  const name = arabic && category.category_name_ar ? category.category_name_ar : category.category_name;
  return `\u2068"${name}" (${category.category_id})\u2069`;
}
