/**
 * The text a person reads for a row issue or a row's outcome, in their language: what the CLI,
 * the reports and the console call. A row stored by an older version (no messageKey) keeps its
 * English message.
 */
import { isMessageKey, messageText } from './catalogue.ts';
import type { Lang, MessageParams } from './types.ts';

/** What a row issue, a row result or a report row carries about its message. */
export interface MessageCarrier {
  /** The English text, always present. */
  message: string;
  messageKey?: string | undefined;
  params?: MessageParams | undefined;
}

export function textOf(carrier: MessageCarrier, lang: Lang): string {
  if (lang === 'en' || carrier.messageKey === undefined || !isMessageKey(carrier.messageKey)) return carrier.message;
  try {
    return messageText(carrier.messageKey, carrier.params ?? {}, lang);
  } catch {
    // A nested key this version does not know (a newer version's row): the English text still says it.
    return carrier.message;
  }
}

/** The carrier with its message in `lang`, for writers that print `message` (reports, the CLI). */
export function inLang<T extends MessageCarrier>(carrier: T, lang: Lang): T {
  return lang === 'en' ? carrier : { ...carrier, message: textOf(carrier, lang) };
}
