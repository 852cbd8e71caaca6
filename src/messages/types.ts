/**
 * A message as data: a catalogue key and its parameters, rendered in a language only when a person
 * reads it. Plain JSON, so it travels through the queue and into reports as it is.
 */

export const LANGS = ['en', 'ar'] as const;

export type Lang = (typeof LANGS)[number];

/** A text that is itself a message (an "expected ..." phrase, the store's error), rendered in the same language. */
export interface MessageRef {
  key: string;
  params: MessageParams;
}

/** Values go into texts as given: a header, a cell's text as typed, a row number, a store's own words. */
export type ParamValue = string | number | MessageRef | readonly MessageRef[];

export type MessageParams = Readonly<Record<string, ParamValue>>;

/** One catalogue entry: the parameters it names and its text in each language. */
export interface Entry<P extends string = string> {
  params: readonly P[];
  en: (p: Readonly<Record<P, string>>) => string;
  ar: (p: Readonly<Record<P, string>>) => string;
}

/** Declares an entry; `params` lists every name the texts use (the catalogue test renders each). */
export function entry<const P extends string = never>(
  params: readonly P[],
  en: Entry<P>['en'],
  ar: Entry<P>['ar'],
): Entry<P> {
  return { params, en, ar };
}

/** A message's key and parameters, and its English text (kept as `message` for reports, tests and logs). */
export interface Said {
  messageKey: string;
  params: MessageParams;
  message: string;
}
