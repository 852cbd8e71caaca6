/**
 * What a row's outcome says once it went (or would have gone) to the store. The store's own words
 * (`store.said`) stay as the store wrote them, inside a translated frame.
 */
import { entry } from './types.ts';

/** Our frame for a store call that failed without the store's own words, by StoreError code. */
const STORE_FAILURE_AR: Readonly<Record<string, string>> = {
  INVALID_CREDENTIALS: 'رفض المتجر بيانات الدخول',
  ACCESS_DENIED: 'رفض المتجر الوصول',
  SAME_STATUS: 'للمنتج هذه الحالة من قبل',
  REJECTED: 'رفض المتجر الطلب',
  RATE_LIMITED: 'تجاوزت الطلبات الحدّ الذي يسمح به المتجر',
  SERVER_ERROR: 'خطأ في خادم المتجر',
  NOT_SENT: 'لم يُرسل الطلب إلى المتجر',
  AMBIGUOUS: 'انقطع الاتصال وربما وصل الطلب إلى المتجر',
  BAD_RESPONSE: 'ردّ غير متوقع من المتجر',
  LOGIN_FAILED: 'تعذّر الدخول إلى المتجر فلم يُرسل الطلب',
  ID_DENIED: 'رفض المتجر المعرّف الذي يذكره الصف مع أن الدخول إليه يعمل',
};

const RESUMED_AR = 'أكّده المتجر لهذه الدفعة قبل توقف عمليتها؛ لم يُرسل مرة أخرى';
/**
 * A create cut off may have reached the store. The console cannot send it again (nor should a
 * report tell an operator to type a command), so the words say what to check and whom to ask;
 * the CLI's own summary names the command (messages/cli.ts unknownCreates).
 */
const MAY_EXIST_EN =
  'its process stopped after the request may have reached the store, so the product may exist. Check the store: if it is there, add its product_id to this row to update it; if it is not, ask whoever runs the console to create it again (it is not sent again on its own, so that it is never created twice)';
const MAY_EXIST_AR =
  'توقفت العملية وربما كان الطلب قد وصل إلى المتجر، فقد يكون المنتج موجودًا. تحقق من المتجر: إن كان فيه فأضف product_id الخاص به إلى هذا الصف لتحديثه، وإن لم يكن فاطلب ممن يدير اللوحة إنشاءه من جديد (لا يُرسل مرة أخرى من تلقاء نفسه، كي لا يُنشأ مرتين)';

export const OUTCOME_MESSAGES = {
  'done.create': entry(
    ['store'],
    (p) => p.store || 'Product created',
    () => 'أُنشئ المنتج',
  ),
  'done.update': entry(
    ['store'],
    (p) => p.store || 'Product updated',
    () => 'حُدِّث المنتج',
  ),
  'done.status': entry(
    ['store'],
    (p) => p.store || 'Product status updated',
    () => 'حُدِّثت حالة المنتج',
  ),
  'done.brand': entry(
    ['store'],
    (p) => p.store || 'Brand updated',
    () => 'حُدِّثت العلامة التجارية',
  ),
  'done.status_set': entry(
    [],
    () => 'Product status set',
    () => 'ضُبطت حالة المنتج',
  ),
  'done.skipped': entry(
    [],
    () => 'Skipped',
    () => 'تم تخطي الصف',
  ),
  'done.update_then': entry(
    ['first', 'status'],
    (p) => `${p.first}; ${p.status}`,
    (p) => `${p.first}؛ ${p.status}`,
  ),
  status_already_set: entry(
    [],
    () => 'status already set',
    () => 'الحالة مضبوطة من قبل',
  ),
  nothing_to_send: entry(
    [],
    () => 'Nothing to send',
    () => 'لا شيء لإرساله',
  ),
  'skip.action': entry(
    [],
    () => 'action column says skip',
    () => 'عمود الإجراء يقول skip',
  ),
  'skip.blank': entry(
    [],
    () => 'blank row',
    () => 'صف فارغ',
  ),
  'store.said': entry(
    ['text'],
    (p) => p.text,
    (p) => `ردّ المتجر: ${p.text}`,
  ),
  'store.failed': entry(
    ['code', 'detail'],
    (p) => p.detail,
    (p) => `${STORE_FAILURE_AR[p.code] ?? 'تعذّر الطلب إلى المتجر'} (${p.detail})`,
  ),
  internal_error: entry(
    ['detail'],
    (p) => p.detail,
    (p) => `خطأ داخلي: ${p.detail}`,
  ),
  same_status: entry(
    ['error'],
    (p) => p.error,
    (p) => `للمنتج هذه الحالة من قبل (${p.error})`,
  ),
  status_failed_after: entry(
    ['first', 'error'],
    (p) => `${p.first}, but the status change failed: ${p.error}`,
    (p) => `${p.first}، لكن تغيير الحالة فشل: ${p.error}`,
  ),
  create_unknown: entry(
    ['error'],
    (p) =>
      `${p.error} (the product may or may not have been created, so it is not sent again: check it with the store, with "Check with the store" on the batch's page in the console)`,
    (p) =>
      `${p.error} (ربما أُنشئ المنتج وربما لا، فلا يُعاد إرساله: تحقّق منه مع المتجر بالزر «تحقّق مع المتجر» في صفحة الدفعة في لوحة التحكم)`,
  ),
  // A product of the store's records that a full feed no longer lists (the job's or upload's `absent`).
  'retired.not_in_sheet': entry(
    ['id'],
    (p) => `retired: not in this sheet (product_id ${p.id})`,
    (p) => `أُوقف: لم يعد في هذا الملف (product_id ${p.id})`,
  ),
  with_notes: entry(
    ['message', 'notes'],
    (p) => (p.message === '' ? p.notes : `${p.message}; ${p.notes}`),
    (p) => (p.message === '' ? p.notes : `${p.message}؛ ${p.notes}`),
  ),
  'ledger.unreadable': entry(
    ['detail'],
    (p) => `The sync ledger could not be read: ${p.detail}`,
    (p) => `تعذّرت قراءة سجل المزامنة: ${p.detail}`,
  ),
  'ledger.unmarked': entry(
    ['detail'],
    (p) => `The sync ledger could not mark the row as being sent: ${p.detail}`,
    (p) => `تعذّر على سجل المزامنة أن يعلّم الصف بأنه قيد الإرسال: ${p.detail}`,
  ),
  worker_failed: entry(
    ['detail'],
    (p) => `The worker could not process this row: ${p.detail}`,
    (p) => `تعذّر على العامل معالجة هذا الصف: ${p.detail}`,
  ),
  'dry.unknown_category': entry(
    ['category', 'column'],
    (p) => `${p.column || 'category'}: category ${p.category} does not exist in the store`,
    (p) => `${p.column || 'category'}: التصنيف ${p.category} غير موجود في المتجر`,
  ),
  'dry.product_limit': entry(
    ['allowed'],
    (p) => `would exceed the store's product_limit (${p.allowed} more products allowed)`,
    (p) => `سيتجاوز حدّ المنتجات في المتجر product_limit (عدد المنتجات الإضافية المسموح به: ${p.allowed})`,
  ),
  'dry.create': entry(
    [],
    () => 'dry run: would create the product',
    () => 'تشغيل تجريبي: سيُنشأ المنتج',
  ),
  'dry.update': entry(
    ['thenStatus'],
    (p) => `dry run: would update the product${p.thenStatus === 'yes' ? ', then change its status' : ''}`,
    (p) => `تشغيل تجريبي: سيُحدَّث المنتج${p.thenStatus === 'yes' ? '، ثم تتغير حالته' : ''}`,
  ),
  'dry.status': entry(
    [],
    () => 'dry run: would change the product status',
    () => 'تشغيل تجريبي: ستتغير حالة المنتج',
  ),
  'dry.brand': entry(
    [],
    () => 'dry run: would update the brand',
    () => 'تشغيل تجريبي: ستُحدَّث العلامة التجارية',
  ),
  'ledger.where': entry(
    ['batch', 'row'],
    (p) => `batch ${p.batch}, row ${p.row}`,
    (p) => `الدفعة ${p.batch}، الصف ${p.row}`,
  ),
  'ledger.unchanged_since_created': entry(
    ['where'],
    (p) => `unchanged since it was created (${p.where}; delta sync)`,
    (p) => `لم يتغير منذ إنشائه (${p.where}؛ مزامنة التغييرات فقط)`,
  ),
  'ledger.unchanged_since': entry(
    ['where'],
    (p) => `unchanged since ${p.where} (delta sync)`,
    (p) => `لم يتغير منذ ${p.where} (مزامنة التغييرات فقط)`,
  ),
  'ledger.already_created': entry(
    ['key', 'where'],
    (p) =>
      `already created (${p.key}, ${p.where}); not created again, and not linked to its product_id yet: add the product's product_id to this row once (from then on this key updates it)`,
    (p) =>
      `أُنشئ من قبل (${p.key}، ${p.where})؛ لن يُنشأ مرة أخرى، ولم يُربط بمعرّف المنتج product_id بعد: أضف product_id الخاص بالمنتج إلى هذا الصف مرة واحدة (ومن بعدها يحدّثه هذا المفتاح)`,
  ),
  link_conflict: entry(
    ['key', 'other', 'where'],
    (p) =>
      `not sent: ${p.key} is already linked to ${p.other} (${p.where}); a product has one product_id and one key value: fix this row's product_id or key column`,
    (p) =>
      `لم يُرسل: ${p.key} مربوط من قبل بـ ${p.other} (${p.where})؛ للمنتج معرّف product_id واحد وقيمة مفتاح واحدة: صحّح product_id أو عمود المفتاح في هذا الصف`,
  ),
  'ledger.unknown_create': entry(
    ['key', 'where'],
    (p) =>
      `an earlier create of this product had an unknown outcome (${p.key}, ${p.where}); it may exist in the store: check it there and add its product_id to this row to update it, or check that batch with the store ("Check with the store" on its page): a product that never arrived is then created by the next sheet`,
    (p) =>
      `نتيجة إنشاء سابق لهذا المنتج غير معروفة (${p.key}، ${p.where})؛ قد يكون موجودًا في المتجر: تحقق منه هناك وأضف product_id الخاص به إلى هذا الصف لتحديثه، أو تحقّق من تلك الدفعة مع المتجر (زر «تحقّق مع المتجر» في صفحتها): فالمنتج الذي لم يصل يُنشئه الملف التالي`,
  ),
  'ledger.interrupted_own': entry(
    ['key'],
    (p) => `this batch's create of this row${p.key === '' ? '' : ` (${p.key})`} was cut off: ${MAY_EXIST_EN}`,
    (p) => `انقطع إنشاء هذا الصف في هذه الدفعة${p.key === '' ? '' : ` (${p.key})`}: ${MAY_EXIST_AR}`,
  ),
  'ledger.interrupted_other': entry(
    ['key', 'batch', 'row'],
    (p) => `a create of this product (${p.key}) by batch ${p.batch}, row ${p.row}, was cut off: ${MAY_EXIST_EN}`,
    (p) => `انقطع إنشاء لهذا المنتج (${p.key}) في الدفعة ${p.batch}، الصف ${p.row}: ${MAY_EXIST_AR}`,
  ),
  'ledger.confirmed': entry(
    ['what'],
    (p) => `${p.what} (confirmed by this batch before its process stopped; not sent again)`,
    (p) => `${p.what} (${RESUMED_AR})`,
  ),
  'ledger.in_progress': entry(
    ['batch', 'row', 'key'],
    (p) =>
      `not created: another sync (batch ${p.batch}, row ${p.row}) is creating this product right now (${p.key}); check the store once it ends, and add the product's product_id to this row to update it`,
    (p) =>
      `لم يُنشأ: مزامنة أخرى (الدفعة ${p.batch}، الصف ${p.row}) تُنشئ هذا المنتج الآن (${p.key})؛ تحقق من المتجر بعد انتهائها، وأضف product_id الخاص بالمنتج إلى هذا الصف لتحديثه`,
  ),
  'reconcile.not_created': entry(
    ['category', 'before', 'after', 'batch'],
    (p) =>
      `not created (category ${p.category}: ${p.before} -> ${p.after}, rose by exactly the confirmed creates; found by the check with the store): safe to send again (re-run the batch's failed rows, or fix the row and send it)`,
    (p) =>
      `لم يُنشأ (التصنيف ${p.category}: ${p.before} -> ${p.after}، ارتفع عدد منتجاته بقدر عمليات الإنشاء المؤكدة فقط؛ كشف ذلك التحقق مع المتجر): إعادة إرساله آمنة (أعد تشغيل الصفوف الفاشلة في الدفعة، أو صحّح الصف وأرسله)`,
  ),
  'reconcile.created': entry(
    ['category', 'before', 'after'],
    (p) =>
      `Product created (category ${p.category}: ${p.before} -> ${p.after}, rose by every confirmed and unknown create; found by the check with the store); the store returns no product_id: find it in the store's admin to update this product`,
    (p) =>
      `أُنشئ المنتج (التصنيف ${p.category}: ${p.before} -> ${p.after}، ارتفع عدد منتجاته بقدر كل عمليات الإنشاء المؤكدة وغير المعروفة؛ كشف ذلك التحقق مع المتجر)؛ لا يعيد المتجر product_id: ابحث عن المنتج في لوحة إدارة المتجر لتحديثه`,
  ),
};
