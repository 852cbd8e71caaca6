/**
 * What the console answers when a batch cannot be worked on from it because of its store, in
 * English and Arabic. The CLI's words for the same refusal name its flags (sync/batch-store.ts);
 * an operator on the page has no terminal, so these say what they can do there.
 */
import { entry } from './types.ts';

export const BATCH_STORE_MESSAGES = {
  'batch_store.unrecorded_rerun': entry(
    ['batch', 'store'],
    (p) =>
      `batch ${p.batch}: its report does not say which store it went to (an earlier version wrote it), so its rows are not sent again to ${p.store} on a guess. If it did go to this store, download its failed rows (failed.csv) and upload that file: its rows are then sent as a new sheet`,
    (p) =>
      `الدفعة ${p.batch}: لا يذكر تقريرها المتجر الذي أُرسلت إليه (كتبه إصدار سابق)، فلا يُعاد إرسال صفوفها إلى ${p.store} تخمينًا. إن كانت قد أُرسلت إلى هذا المتجر فنزّل صفوفها الفاشلة (failed.csv) وارفع ذلك الملف: تُرسل صفوفه عندها كملف جديد`,
  ),
  'batch_store.unrecorded_reconcile': entry(
    ['batch', 'store'],
    (p) =>
      `batch ${p.batch}: its report does not say which store it went to (an earlier version wrote it), so its unknown creates are not settled against ${p.store} on a guess. If it did go to this store, look for its unknown products in the store's admin and upload again only the rows whose product is missing, or ask whoever runs the console to settle it`,
    (p) =>
      `الدفعة ${p.batch}: لا يذكر تقريرها المتجر الذي أُرسلت إليه (كتبه إصدار سابق)، فلا تُحسم إنشاءاتها غير المعروفة مقابل ${p.store} تخمينًا. إن كانت قد أُرسلت إلى هذا المتجر فابحث عن منتجاتها غير المعروفة في لوحة إدارة المتجر وارفع من جديد الصفوف التي لم تجد منتجها فقط، أو اطلب ممن يدير اللوحة حسمها`,
  ),
  'batch_store.other_store': entry(
    ['batch', 'batch_store', 'store'],
    (p) =>
      `batch ${p.batch} went to ${p.batch_store}, not to this console's store ${p.store}, so it is not worked on here: nothing was sent. To work on it, open it on the console of ${p.batch_store}`,
    (p) =>
      `الدفعة ${p.batch} أُرسلت إلى ${p.batch_store}، لا إلى متجر هذه اللوحة ${p.store}، فلا يُعمل عليها هنا: لم يُرسل شيء. للعمل عليها افتحها في لوحة ${p.batch_store}`,
  ),
};
