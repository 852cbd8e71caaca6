/**
 * What `reconcile` says about a batch's unknown creates, in English and Arabic: why each
 * category's counts settle them or not (sync/reconcile/verdict.ts) and what makes the evidence
 * weaker (run.ts). Kept as data, so the CLI and the console each say it in their reader's language.
 */
import { entry } from './types.ts';

/** "1 confirmed create", "2 confirmed creates": the count arrives as text. */
function confirmedCreates(n: string): string {
  return `${n} confirmed create${n === '1' ? '' : 's'}`;
}

export const RECONCILE_MESSAGES = {
  'reconcile.refused.not_ended': entry(
    ['batch'],
    (p) => `batch ${p.batch} has not ended yet: check it with the store once it has`,
    (p) => `لم تنته الدفعة ${p.batch} بعد: تحقّق منها مع المتجر حين تنتهي`,
  ),
  'reconcile.refused.no_report': entry(
    ['batch'],
    (p) => `batch ${p.batch} stopped before its report was written: there is nothing to check with the store`,
    (p) => `توقفت الدفعة ${p.batch} قبل أن يُكتب تقريرها: لا شيء للتحقق منه مع المتجر`,
  ),
  'reconcile.refused.busy': entry(
    ['batch'],
    (p) => `batch ${p.batch} is being checked with the store now: look again when that is done`,
    (p) => `يجري التحقق من الدفعة ${p.batch} مع المتجر الآن: انظر مجددًا حين ينتهي ذلك`,
  ),
  'reconcile.reason.no_unknown': entry(
    [],
    () => 'no create with an unknown outcome',
    () => 'لا عملية إنشاء نتيجتها غير معروفة',
  ),
  'reconcile.reason.no_category': entry(
    [],
    () => 'the rows name no category',
    () => 'لا تذكر الصفوف تصنيفًا',
  ),
  'reconcile.reason.moved': entry(
    ['rows'],
    (p) =>
      `the batch's updates set a product's category (row ${p.rows}): a product moved between categories breaks the count`,
    (p) => `غيّرت تحديثات الدفعة تصنيف منتج (الصف ${p.rows}): نقل منتج بين التصنيفات يفسد العدّ`,
  ),
  'reconcile.reason.resumed': entry(
    [],
    () =>
      'the batch resumed after its process stopped: its counts were taken by the resumed run, after earlier creates',
    () => 'استُؤنفت الدفعة بعد توقف عمليتها: أُخذت أعدادها في التشغيل المستأنف، بعد عمليات إنشاء سابقة',
  ),
  'reconcile.reason.no_total_before': entry(
    [],
    () => 'no product_total before the batch for this category',
    () => 'لا يوجد product_total لهذا التصنيف قبل الدفعة',
  ),
  'reconcile.reason.no_total_after': entry(
    [],
    () => 'no product_total after the batch for this category',
    () => 'لا يوجد product_total لهذا التصنيف بعد الدفعة',
  ),
  'reconcile.reason.none_landed': entry(
    ['rise', 'confirmed'],
    (p) => `rose by ${p.rise}, exactly the ${confirmedCreates(p.confirmed)}: none of the unknown creates landed`,
    (p) =>
      `ارتفع العدد بمقدار ${p.rise}، أي بقدر عمليات الإنشاء المؤكدة (${p.confirmed}) فقط: لم تصل أي عملية إنشاء غير معروفة`,
  ),
  'reconcile.reason.all_landed': entry(
    ['rise', 'confirmed', 'unknown'],
    (p) => `rose by ${p.rise}, the ${confirmedCreates(p.confirmed)} and all ${p.unknown} unknown: every one landed`,
    (p) =>
      `ارتفع العدد بمقدار ${p.rise}، أي بقدر عمليات الإنشاء المؤكدة (${p.confirmed}) وكل غير المعروفة (${p.unknown}): وصلت كلها`,
  ),
  'reconcile.reason.fell': entry(
    ['fall'],
    (p) => `fell by ${p.fall}: products were deleted or moved meanwhile`,
    (p) => `انخفض العدد بمقدار ${p.fall}: حُذفت منتجات أو نُقلت في الأثناء`,
  ),
  'reconcile.reason.below': entry(
    ['rise', 'confirmed'],
    (p) =>
      `rose by ${p.rise}, less than the ${confirmedCreates(p.confirmed)}: products were deleted or moved meanwhile`,
    (p) =>
      `ارتفع العدد بمقدار ${p.rise}، أقل من عمليات الإنشاء المؤكدة (${p.confirmed}): حُذفت منتجات أو نُقلت في الأثناء`,
  ),
  'reconcile.reason.above': entry(
    ['rise', 'confirmed', 'unknown'],
    (p) =>
      `rose by ${p.rise}, more than the ${confirmedCreates(p.confirmed)} and ${p.unknown} unknown: another writer added products`,
    (p) =>
      `ارتفع العدد بمقدار ${p.rise}، أكثر من عمليات الإنشاء المؤكدة (${p.confirmed}) وغير المعروفة (${p.unknown}): أضاف طرف آخر منتجات`,
  ),
  'reconcile.reason.some': entry(
    ['rise', 'landed', 'unknown'],
    (p) => `rose by ${p.rise}: ${p.landed} of the ${p.unknown} unknown creates landed, and the counts cannot say which`,
    (p) =>
      `ارتفع العدد بمقدار ${p.rise}: وصلت ${p.landed} من ${p.unknown} عمليات إنشاء غير معروفة، ولا تقول الأعداد أيّها`,
  ),
  'reconcile.warning.no_category': entry(
    ['row'],
    (p) => `row ${p.row}: its category could not be read back from results.csv; left unknown`,
    (p) => `الصف ${p.row}: تعذّرت قراءة تصنيفه من results.csv؛ بقي غير معروف`,
  ),
  'reconcile.warning.counted_now': entry(
    ['problem'],
    (p) =>
      `the batch has no counts after its last row (${p.problem}): counted now, so any product created in these categories since the batch makes the evidence weaker`,
    (p) =>
      `لا أعداد للدفعة بعد آخر صف فيها (${p.problem}): عُدّت الآن، فكل منتج أُنشئ في هذه التصنيفات منذ الدفعة يُضعف الدليل`,
  ),
  'reconcile.warning.process_stopped': entry(
    [],
    () => 'its process stopped first',
    () => 'توقفت عمليتها قبل ذلك',
  ),
  'reconcile.warning.no_before': entry(
    ['problem'],
    (p) => `the batch has no counts before its first create (${p.problem}): nothing can be decided`,
    (p) => `لا أعداد للدفعة قبل أول عملية إنشاء فيها (${p.problem}): لا يمكن حسم شيء`,
  ),
  'reconcile.warning.not_taken': entry(
    [],
    () => 'run by a version that did not take them, or it sent no create',
    () => 'شغّلها إصدار لا يأخذها، أو لم ترسل أي عملية إنشاء',
  ),
  'reconcile.warning.ledger_other': entry(
    ['row', 'batch', 'state'],
    (p) =>
      `row ${p.row}: the ledger holds batch ${p.batch}, ${p.state} for it, not this batch's unknown create; left as it is`,
    (p) =>
      `الصف ${p.row}: يحمل السجل له الدفعة ${p.batch}، ${p.state}، لا عملية الإنشاء غير المعروفة لهذه الدفعة؛ تُرك كما هو`,
  ),
  'reconcile.warning.ledger_nothing': entry(
    ['row'],
    (p) => `row ${p.row}: the ledger holds nothing for it, not this batch's unknown create; left as it is`,
    (p) => `الصف ${p.row}: لا يحمل السجل له شيئًا، لا عملية الإنشاء غير المعروفة لهذه الدفعة؛ تُرك كما هو`,
  ),
};
