/**
 * What the server put in the page for its script (pages.ts): the texts in the page's language and,
 * with a stores file, the store the page acts on (store-page.ts; null for a console of one store).
 */
import type { Texts } from '../../messages/console.ts';
import { $ } from './dom.ts';

export interface PageStoreRef {
  id: string;
  label: string;
}

function json<V>(id: string): V {
  return JSON.parse($(id).textContent ?? 'null') as V;
}

export const T: Texts = json<Texts>('texts');
export const STORE: PageStoreRef | null = json<PageStoreRef | null>('store');

/** A text the page looks up by a key made from data (an outcome, a status); the data itself when there is none. */
export function textOf(key: string, fallback: string = key): string {
  return (T as unknown as Record<string, string | undefined>)[key] ?? fallback;
}
