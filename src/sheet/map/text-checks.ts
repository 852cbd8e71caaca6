/** Checks on a text value that are about the text itself: its length, mojibake, characters already lost. */
import { said } from '../../messages/index.ts';
import type { RowIssue } from '../types.ts';
import { detectMojibake, detectReplaced, excerpt } from './text.ts';

const count = new Intl.NumberFormat('en-US');

/** Characters as a person counts them (code points, so an emoji or a rare letter is one). */
function characters(value: string, limit: number): number {
  // UTF-16 units are never fewer than code points: within the limit needs no count.
  if (value.length <= limit) return value.length;
  let n = 0;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0xdc00 || code > 0xdfff) n += 1; // a low surrogate belongs to the character before it
  }
  return n;
}

/**
 * Adds an error and returns false when the text is longer than the limit, mojibake, or has
 * characters a writer replaced. `column.name` is the canonical field (`title_ar`): an Arabic
 * column's text saved as `?` is told apart from English text with a `??` in it.
 */
export function checkText(
  value: string,
  column: { header: string; name: string },
  row: number,
  issues: RowIssue[],
  limit: number,
): boolean {
  const length = characters(value, limit);
  if (length > limit) {
    issues.push({
      row,
      column: column.header,
      code: 'too_long',
      severity: 'error',
      ...said('too_long', { column: column.header, length: count.format(length), limit: count.format(limit) }),
    });
    return false;
  }
  const replaced = detectReplaced(value, column.name.endsWith('_ar'));
  if (replaced !== null) {
    issues.push({
      row,
      column: column.header,
      code: 'mojibake',
      severity: 'error',
      ...said(replaced === 'question_marks' ? 'mojibake.question_marks' : 'mojibake.replaced', {
        column: column.header,
        excerpt: JSON.stringify(excerpt(value)),
      }),
    });
    return false;
  }
  const mojibake = detectMojibake(value);
  if (mojibake === null) return true;
  issues.push({
    row,
    column: column.header,
    code: 'mojibake',
    severity: 'error',
    ...said('mojibake', {
      column: column.header,
      excerpt: JSON.stringify(excerpt(value)),
      encoding: mojibake === 'windows-1256' ? 'Windows-1256' : 'Windows-1252',
    }),
  });
  return false;
}
