/**
 * What `undo` says about the products of the batch it undoes, in English and Arabic: the ones it
 * leaves alone and why, and the fields it cannot put back. The CLI and the console each say it
 * in their reader's language.
 */
import { entry } from './types.ts';

export const UNDO_MESSAGES = {
  'undo.changed_since': entry(
    ['batch'],
    (p) => `changed since by ${p.batch}: left alone (include it to put it back anyway)`,
    (p) => `تغيّر بعدها في الدفعة ${p.batch}: تُرك كما هو (اختره لإرجاعه رغم ذلك)`,
  ),
  'undo.created_unlinked': entry(
    [],
    () => 'created; cannot be undone here: switch it off in the store',
    () => 'أُنشئ؛ لا يمكن التراجع عنه هنا: أوقفه من لوحة المتجر',
  ),
  'undo.created_no_hidden': entry(
    [],
    () =>
      'created; cannot be undone here: switch it off in the store (or ask whoever runs the console to set the status that hides a product)',
    () => 'أُنشئ؛ لا يمكن التراجع عنه هنا: أوقفه من لوحة المتجر (أو اطلب ممن يدير اللوحة ضبط الحالة التي تخفي المنتج)',
  ),
  // In words alone: the status number means nothing to an operator whose sheet had no status column.
  'undo.created_hidden': entry(
    ['status'],
    () => 'created by the batch: hidden in the store',
    () => 'أنشأته الدفعة: يُخفى في المتجر',
  ),
  // With the status column as the sheet named it (the CLI: the field), where the number is the reader's own.
  'undo.created_hidden_column': entry(
    ['column', 'status'],
    (p) => `created by the batch: hidden in the store (${p.column} ${p.status})`,
    (p) => `أنشأته الدفعة: يُخفى في المتجر (${p.column} ${p.status})`,
  ),
  'undo.not_known': entry(
    ['fields'],
    (p) => `no value before the batch is known for ${p.fields}: left as the batch set it`,
    (p) => `لا تُعرف قيمة ${p.fields} قبل الدفعة: تبقى كما ضبطتها الدفعة`,
  ),
  'undo.nothing_known': entry(
    ['fields'],
    (p) => `no value before the batch is known for ${p.fields}: nothing to put back`,
    (p) => `لا تُعرف قيمة ${p.fields} قبل الدفعة: لا شيء لإرجاعه`,
  ),
};
