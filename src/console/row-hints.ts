/**
 * What to do next about a row that needs attention, in the page's language: the row list's
 * `hint` (rows-api.ts). An `unknown` create is never offered for a blind resend: it may exist.
 */
import type { Outcome } from '../outcome.ts';
import type { ApiLang } from './request-lang.ts';

const HINTS: Partial<Record<Outcome, Record<ApiLang, string>>> = {
  invalid: {
    en: 'Fix the cell the message names, then send the row again.',
    ar: 'صحّح الخلية التي تذكرها الرسالة، ثم أرسل الصف مرة أخرى.',
  },
  failed: {
    en: 'The store refused the row: fix what the message says, then send it again.',
    ar: 'رفض المتجر هذا الصف: صحّح ما تذكره الرسالة، ثم أرسله مرة أخرى.',
  },
  unknown: {
    en: 'The product may already exist in the store: check it and run reconcile on this batch; do not send it again blindly.',
    ar: 'قد يكون المنتج موجودًا في المتجر: تحقّق منه وشغّل reconcile على هذه الدفعة، ولا تُعِد إرساله دون تحقّق.',
  },
};

export function rowHint(outcome: Outcome, lang: ApiLang): string | undefined {
  return HINTS[outcome]?.[lang];
}
