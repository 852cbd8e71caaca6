/**
 * Each row outcome's name as people read it, in English and Arabic: the console's counts and
 * tables and the e-mail's counts say the same word for the same outcome.
 */
import type { Lang } from './types.ts';
import type { Outcome } from '../outcome.ts';

export const OUTCOME_WORDS: Record<Lang, Record<Outcome, string>> = {
  en: {
    created: 'created',
    updated: 'updated',
    status_changed: 'status changed',
    unchanged: 'unchanged',
    skipped: 'skipped',
    invalid: 'invalid',
    failed: 'failed',
    unknown: 'unknown',
    would_create: 'would create',
    would_update: 'would update',
    would_change_status: 'would change status',
  },
  ar: {
    created: 'أُنشئ',
    updated: 'حُدّث',
    status_changed: 'تغيّرت الحالة',
    unchanged: 'بلا تغيير',
    skipped: 'تُخطّي',
    invalid: 'غير صالح',
    failed: 'فشل',
    unknown: 'غير معروف',
    would_create: 'سيُنشأ',
    would_update: 'سيُحدَّث',
    would_change_status: 'ستتغيّر حالته',
  },
};
