/**
 * Every message a person can see about a row or a sheet file, in English and Arabic: one catalogue, keyed by
 * message key (a row issue's code, or the code and a variant: `not_a_number.decimal_comma`).
 */
import { BATCH_STORE_MESSAGES } from './batch-store.ts';
import { CELL_MESSAGES } from './cells.ts';
import { FILE_MESSAGES } from './files.ts';
import { HINT_MESSAGES } from './hints.ts';
import { OUTCOME_MESSAGES } from './outcomes.ts';
import { RECONCILE_MESSAGES } from './reconcile.ts';
import { ROW_MESSAGES } from './rows.ts';
import { SOURCE_MESSAGES } from './sources.ts';
import { UNDO_MESSAGES } from './undo.ts';
import {
  entry,
  type Entry,
  type Lang,
  type MessageParams,
  type MessageRef,
  type ParamValue,
  type Said,
} from './types.ts';

const FRAME_MESSAGES = {
  /** A row's message with its column in front, unless the text starts with it already. */
  with_column: entry(
    ['column', 'text'],
    (p) => (p.text.startsWith(p.column) ? p.text : `${p.column}: ${p.text}`),
    (p) => (p.text.startsWith(p.column) ? p.text : `${p.column}: ${p.text}`),
  ),
};

export const CATALOGUE = {
  ...CELL_MESSAGES,
  ...ROW_MESSAGES,
  ...OUTCOME_MESSAGES,
  ...RECONCILE_MESSAGES,
  ...HINT_MESSAGES,
  ...FILE_MESSAGES,
  ...SOURCE_MESSAGES,
  ...UNDO_MESSAGES,
  ...BATCH_STORE_MESSAGES,
  ...FRAME_MESSAGES,
};

export type MessageKey = keyof typeof CATALOGUE;

/** The parameters an entry names, each a text, a number or a nested message. */
export type ParamsOf<K extends MessageKey> =
  (typeof CATALOGUE)[K] extends Entry<infer P> ? Readonly<Record<P, ParamValue>> : never;

const ENTRIES: Readonly<Record<string, Entry>> = CATALOGUE;

/** Joins a list of messages (a row's notes). */
const LIST_SEPARATOR: Record<Lang, string> = { en: '; ', ar: '؛ ' };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(ENTRIES, key);
}

/** A nested message, typed by its key. */
export function ref<K extends MessageKey>(key: K, params: ParamsOf<K>): MessageRef {
  return { key, params };
}

/** A message as a row issue or result carries it: key, parameters and the English text. */
export function said<K extends MessageKey>(key: K, params: ParamsOf<K>): Said {
  return { messageKey: key, params, message: messageText(key, params, 'en') };
}

/** A nested message (built with ref) as a row carries it at the top. */
export function saidOf(text: MessageRef): Said {
  return { messageKey: text.key, params: text.params, message: messageText(text.key, text.params, 'en') };
}

/**
 * The text of a message in a language. Throws on a key the catalogue lacks (a bug: every key a
 * site uses is typed, and test/messages checks the catalogue); readers of stored rows use textOf.
 */
export function messageText(key: string, params: MessageParams, lang: Lang): string {
  const found = ENTRIES[key];
  if (found === undefined) throw new Error(`no message "${key}" in the catalogue`);
  const values: Record<string, string> = {};
  for (const name of found.params) values[name] = paramText(params[name], lang);
  return found[lang](values);
}

function paramText(value: ParamValue | undefined, lang: Lang): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (isRefList(value)) return value.map((item) => messageText(item.key, item.params, lang)).join(LIST_SEPARATOR[lang]);
  return messageText(value.key, value.params, lang);
}

function isRefList(value: MessageRef | readonly MessageRef[]): value is readonly MessageRef[] {
  return Array.isArray(value);
}
