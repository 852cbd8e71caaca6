/**
 * Which language a store's notifications are written in (pure). The store's settings from its
 * login have no language field; what they do say is the store's own name (`store_name`, the base
 * field) and its Arabic twin (`store_name_ar`). A store whose own name is written in Arabic letters
 * only (or is blank beside an Arabic one) runs in Arabic; any other store in English. NOTIFY_LANG,
 * when given, wins over both (one deployment, one language), and a store's own setting can later
 * take its place (settings.ts).
 */
import type { VendorStore } from '../store/types.ts';
import type { Lang } from '../messages/index.ts';

export type StoreNames = Pick<VendorStore, 'store_name' | 'store_name_ar'>;

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/;

export function storeLanguage(store: StoreNames | null): Lang {
  if (!store) return 'en';
  const own = store.store_name.trim();
  if (own === '') return store.store_name_ar.trim() === '' ? 'en' : 'ar';
  return ARABIC_LETTER.test(own) && !LATIN_LETTER.test(own) ? 'ar' : 'en';
}

export function notifyLanguage(chosen: Lang | null, store: StoreNames | null): Lang {
  return chosen ?? storeLanguage(store);
}

/** The store's name to write in `lang`: its Arabic name in Arabic when it has one, else its own name, else `fallback`. */
export function storeNameIn(lang: Lang, store: StoreNames | null, fallback: string): string {
  const own = store?.store_name.trim() ?? '';
  const arabic = store?.store_name_ar.trim() ?? '';
  if (lang === 'ar' && arabic !== '') return arabic;
  return own || arabic || fallback;
}
