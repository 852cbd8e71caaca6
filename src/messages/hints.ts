/** What to do next about a row that needs attention: one short sentence each (hint-of.ts picks one). */
import { entry } from './types.ts';

export const HINT_MESSAGES = {
  'hint.invalid': entry(
    [],
    () => 'Fix the cell the message names, then send the row again.',
    () => 'صحّح الخلية التي تذكرها الرسالة، ثم أرسل الصف مرة أخرى.',
  ),
  'hint.duplicate': entry(
    [],
    () => 'Keep one of the two rows, or give each its own value, then send again.',
    () => 'أبقِ أحد الصفين، أو أعطِ كلًّا منهما قيمته الخاصة، ثم أرسل مرة أخرى.',
  ),
  'hint.header': entry(
    [],
    () => 'Fix the header row (row 1) of the sheet, then upload it again.',
    () => 'صحّح صف العناوين (الصف 1) في الورقة، ثم ارفعها مرة أخرى.',
  ),
  'hint.category': entry(
    [],
    () => 'Use a category the store has, by its id or its name (the template lists them), then send again.',
    () => 'استخدم تصنيفًا موجودًا في المتجر، برقمه أو باسمه (القالب يسردها)، ثم أرسل مرة أخرى.',
  ),
  'hint.rejected': entry(
    [],
    () => 'The store refused this row: correct what its message names, then send it again.',
    () => 'رفض المتجر هذا الصف: صحّح ما تذكره رسالته، ثم أرسله مرة أخرى.',
  ),
  'hint.login': entry(
    [],
    () => "Check the store's login (e-mail and password), then send the row again.",
    () => 'تحقق من بيانات الدخول إلى المتجر (البريد الإلكتروني وكلمة المرور)، ثم أرسل الصف مرة أخرى.',
  ),
  'hint.id_denied': entry(
    [],
    () =>
      "The store's login works, but it denies this row's product id: check that the product is in this store (not deleted, not another store's), then send the row again.",
    () =>
      'بيانات الدخول إلى المتجر صحيحة، لكنه يرفض رقم المنتج في هذا الصف: تحقّق من أن المنتج موجود في هذا المتجر (غير محذوف، وليس لمتجر آخر)، ثم أرسل الصف مرة أخرى.',
  ),
  'hint.retry': entry(
    [],
    () => 'Nothing was changed in the store: send the row again as it is.',
    () => 'لم يتغير شيء في المتجر: أرسل الصف مرة أخرى كما هو.',
  ),
  'hint.limit': entry(
    [],
    () => "The store's product limit is reached: raise it or remove products, then send again.",
    () => 'بلغ المتجر حدّ المنتجات: ارفع الحد أو احذف منتجات، ثم أرسل مرة أخرى.',
  ),
  'hint.unknown': entry(
    [],
    () =>
      'The product may already be in the store: check it with "Check with the store" below this list before sending it again; it is never re-sent blindly.',
    () =>
      'قد يكون المنتج موجودًا في المتجر: تحقّق منه بالزر «تحقّق مع المتجر» أسفل هذه القائمة قبل إرساله مرة أخرى؛ فهو لا يُعاد إرساله دون تحقق.',
  ),
  'hint.in_progress': entry(
    [],
    () => 'Another sync is creating this product: check the store once it ends.',
    () => 'مزامنة أخرى تُنشئ هذا المنتج: تحقق من المتجر بعد انتهائها.',
  ),
};
