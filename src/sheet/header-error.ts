/**
 * A header row the mapper cannot use (two columns for one field, a required one missing) as the
 * file error that stops a batch or an upload: each problem with its column in front, in any language.
 */
import { said, textOf, type Lang, type MessageRef } from '../messages/index.ts';
import { SheetFileError, type RowIssue } from './types.ts';

/**
 * `message` (English for logs) is in `lang`, as a batch in that language always wrote it; the
 * key and parameters tell it again in whatever language a reader asks for (textIn).
 */
export function headerFileError(file: string, issues: readonly RowIssue[], lang: Lang = 'en'): SheetFileError {
  const text = issues
    .map((issue) => (issue.column ? `${issue.column}: ${textOf(issue, lang)}` : textOf(issue, lang)))
    .join('; ');
  const refs = issues.map(issueRef);
  const detail = refs.every((issue) => issue !== null)
    ? { ...said('file.bad_header', { issues: refs }), message: `header row: ${text}` }
    : `header row: ${text}`;
  return new SheetFileError(file, 'bad_header', detail);
}

/** An issue as a nested message with its column in front; null for one without a key (an older row). */
function issueRef(issue: RowIssue): MessageRef | null {
  if (issue.messageKey === undefined) return null;
  const text: MessageRef = { key: issue.messageKey, params: issue.params ?? {} };
  return issue.column ? { key: 'with_column', params: { column: issue.column, text } } : text;
}
