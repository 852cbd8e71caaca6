/**
 * A row's message from its report, in the language asked. Reports keep the English text; until
 * the message catalogue answers for it, the English text is what every language gets.
 */
import type { ApiLang } from './request-lang.ts';

export function rowMessage(message: string, _lang: ApiLang): string {
  return message;
}
