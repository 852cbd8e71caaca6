/**
 * A file that broke part-way, as a batch's summary keeps it (summary.json, Redis): plain JSON
 * with the English `message`, and the file and its detail's key to tell it in any language.
 */
import { isMessageKey, textOf, type Lang } from '../messages/index.ts';
import type { ReadError } from '../report/summary.ts';
import type { SheetFileError } from '../sheet/types.ts';

export function readErrorOf(error: SheetFileError): ReadError {
  const { messageKey, params } = error.detail;
  return {
    code: error.code,
    message: error.message,
    ...(messageKey === undefined ? {} : { file: error.file, messageKey, params: params ?? {} }),
  };
}

/** `<file>: <what broke>` in `lang`; the English message as stored when it has no key this version knows. */
export function readErrorText(readError: ReadError, lang: Lang): string {
  const { file, messageKey, params } = readError;
  if (file === undefined || messageKey === undefined || !isMessageKey(messageKey)) return readError.message;
  const prefix = `${file}: `;
  const english = readError.message.startsWith(prefix) ? readError.message.slice(prefix.length) : readError.message;
  return `${prefix}${textOf({ message: english, messageKey, params }, lang)}`;
}
