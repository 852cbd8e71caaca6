/**
 * The page's store, with a stores file: which store the page acts on, a switcher to another (a
 * labelled select and a button, a plain GET form: keyboard-usable, and a choice never moves the
 * page before the person says so), the store's name beside the Sync button, and the question the
 * page asks before anything goes to the store (a modal <dialog>: Escape or Cancel sends nothing).
 * The page's script (page/api.ts) sends every API call to this store's routes
 * (`/api/stores/{id}/...`).
 */
import type { StoreDesk } from './desk.ts';
import { escapeHtml } from './html.ts';
import type { Texts } from '../messages/console.ts';
import type { Lang } from '../messages/index.ts';

export interface ShownStore {
  id: string;
  /** The store's own name in the page's language, with its id (`North Shop (north)`); its id until a login said the name. */
  label: string;
  url: string;
}

export interface PageStore {
  /** The store the page acts on; null when the login sees none now. */
  current: ShownStore | null;
  /** The stores the login sees, in the stores file's order. */
  stores: ShownStore[];
}

type Html = (key: keyof Texts) => string;

export function pageStore(current: StoreDesk | null, stores: StoreDesk[], lang: Lang): PageStore {
  const shown = (desk: StoreDesk): ShownStore => {
    const names = desk.names();
    const name = (lang === 'ar' && names?.ar) || names?.en;
    return { id: desk.id, label: name && name !== desk.id ? `${name} (${desk.id})` : desk.id, url: desk.store.url };
  };
  return { current: current ? shown(current) : null, stores: stores.map(shown) };
}

/** In the header: the switcher when the login sees several stores, else the one store's name. */
export function storeSwitch(store: PageStore, h: Html): string {
  if (!store.current) return '';
  if (store.stores.length < 2)
    return `<span class="store-current">${h('store_pick')}: <bdi>${escapeHtml(store.current.label)}</bdi></span>`;
  const options = store.stores
    .map(
      (one) =>
        `<option value="${escapeHtml(one.id)}"${one.id === store.current!.id ? ' selected' : ''}>${escapeHtml(one.label)}</option>`,
    )
    .join('');
  return `<form id="store-switch" method="get" action="/"><label for="store-select">${h('store_pick')}</label>
<select id="store-select" name="store">${options}</select><button type="submit">${h('store_open')}</button></form>`;
}

/** Beside the Sync button: where the rows go. */
export function syncStore(store: PageStore, h: Html): string {
  if (!store.current) return '';
  return `<span id="sync-store" class="acting-store">${h('rows_go_to')} <bdi>${escapeHtml(store.current.label)}</bdi></span>`;
}

/** Asked before a sync, a re-run or a job run now: the store by name and address, and what goes to it. */
export function storeConfirm(store: PageStore, h: Html): string {
  if (!store.current) return '';
  const label = escapeHtml(store.current.label);
  return `<dialog id="confirm-send" aria-labelledby="confirm-heading">
<h2 id="confirm-heading">${h('confirm_heading')}</h2>
<dl class="confirm"><dt>${h('store_pick')}</dt><dd><bdi id="confirm-store">${label}</bdi><br><small dir="ltr">${escapeHtml(store.current.url)}</small></dd>
<dt>${h('confirm_what')}</dt><dd><bdi id="confirm-what"></bdi></dd></dl>
<form method="dialog" class="actions"><button value="cancel" autofocus>${h('cancel')}</button><button value="send" class="primary" id="confirm-go">${h('send_to')} <bdi>${label}</bdi></button></form></dialog>`;
}

/** The page's store for its script (null: a console of one store, whose routes need no store). */
export function storeJson(store: PageStore | null): string {
  const current = store?.current ?? null;
  return JSON.stringify(current && { id: current.id, label: current.label }).replace(/</g, '\\u003c');
}
