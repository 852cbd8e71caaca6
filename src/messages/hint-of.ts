/**
 * What to do next about a row that needs attention, by its outcome and code: one short sentence
 * beside the row's message (the console's rows list shows it). Null for rows that need nothing.
 */
import { messageText } from './catalogue.ts';
import type { HINT_MESSAGES } from './hints.ts';
import type { Lang } from './types.ts';

type HintKey = keyof typeof HINT_MESSAGES;

/** Codes of failures that left the store as it was: the row can go again as it is. */
const RETRY_CODES: ReadonlySet<string> = new Set([
  'RATE_LIMITED',
  'SERVER_ERROR',
  'NOT_SENT',
  'LOGIN_FAILED',
  'BAD_RESPONSE',
  'LEDGER',
  'WORKER',
  'reconciled_not_created',
]);

function hintKey(outcome: string, code: string | undefined): HintKey | null {
  if (outcome === 'invalid') {
    if (code?.startsWith('duplicate_') === true) return 'hint.duplicate';
    if (code === 'header_error') return 'hint.header';
    if (code === 'unknown_category') return 'hint.category';
    return 'hint.invalid';
  }
  if (outcome === 'failed') {
    if (code === 'INVALID_CREDENTIALS' || code === 'ACCESS_DENIED') return 'hint.login';
    if (code === 'ID_DENIED') return 'hint.id_denied';
    if (code === 'product_limit') return 'hint.limit';
    if (code !== undefined && RETRY_CODES.has(code)) return 'hint.retry';
    return 'hint.rejected';
  }
  if (outcome === 'unknown') return code === 'create_in_progress' ? 'hint.in_progress' : 'hint.unknown';
  return null;
}

/** What to do next about a row (`outcome`, and its `code` when known), in `lang`; null when nothing. */
export function hintOf(row: { outcome: string; code?: string | undefined }, lang: Lang): string | null {
  const key = hintKey(row.outcome, row.code);
  return key === null ? null : messageText(key, {}, lang);
}
