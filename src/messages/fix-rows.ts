/**
 * What the console's fix says of a row itself, in English and Arabic (src/console/fix-rows.ts); the
 * rows' own issues come from the catalogue.
 */
import type { Lang } from './types.ts';

export const FIX_TEXTS: Record<
  Lang,
  { notInReport: (row: number, batch: string) => string; unknownCreate: (batch: string) => string }
> = {
  en: {
    notInReport: (row, batch) => `row ${row} is not in batch ${batch}'s report`,
    unknownCreate: (batch) =>
      `not sent again: this row's create had an unknown outcome, so the product may exist in the store; reconcile the batch first (Check with the store on the page, POST /api/batches/${batch}/reconcile, or catalog-sync reconcile ${batch}), or check the store and add the product's product_id to update it`,
  },
  ar: {
    notInReport: (row, batch) => `الصف ${row} ليس في تقرير الدفعة ${batch}`,
    unknownCreate: (batch) =>
      `لم يُرسل مرة أخرى: نتيجة إنشاء هذا الصف غير معروفة، فقد يكون المنتج موجودًا في المتجر؛ سوِّ الدفعة أولًا («تحقّق مع المتجر» في الصفحة، أو POST /api/batches/${batch}/reconcile، أو catalog-sync reconcile ${batch})، أو تحقّق من المتجر وأضف product_id للمنتج لتحديثه`,
  },
};
