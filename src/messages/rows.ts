/**
 * What a row or the header row says beyond one cell's reading: what the row asks for, options,
 * both languages of a text, duplicates, columns. Field names (product_id, title_ar) and values stay
 * as typed in either language.
 */
import { entry } from './types.ts';

export const ROW_MESSAGES = {
  'required.update_id': entry(
    ['id'],
    (p) => `${p.id || 'product_id'} is required to update a product (action says update)`,
    (p) => `${p.id || 'product_id'} مطلوب لتحديث منتج (الإجراء update)`,
  ),
  'required.status_id': entry(
    ['id'],
    (p) => `${p.id || 'product_id'} is required to change a status`,
    (p) => `${p.id || 'product_id'} مطلوب لتغيير الحالة`,
  ),
  'required.status_value': entry(
    ['status'],
    (p) => `${p.status || 'product_status'} is required when action is status`,
    (p) => `${p.status || 'product_status'} مطلوب حين يكون الإجراء status`,
  ),
  'required.create': entry(
    ['field'],
    (p) => `${p.field} is required to create a product (a row without a product id creates one)`,
    (p) => `${p.field} مطلوب لإنشاء منتج (الصف الذي ليس فيه رقم منتج يُنشئ منتجًا)`,
  ),
  'required.brand_id': entry(
    [],
    () => 'brand_id is required: it names the brand to update (brands are not created from sheets)',
    () => 'brand_id مطلوب: فهو يحدد العلامة التجارية المراد تحديثها (لا تُنشأ العلامات التجارية من الأوراق)',
  ),
  'required.brand_name': entry(
    ['field'],
    (p) => `${p.field} is required: the brand update sends both names (type #empty to clear it on purpose)`,
    (p) => `${p.field} مطلوب: تحديث العلامة التجارية يرسل الاسمين معًا (اكتب #empty لمسحه عمدًا)`,
  ),
  nothing_to_update: entry(
    ['id'],
    (p) =>
      `nothing to change: the row has a ${p.id || 'product_id'} but no other filled cells (blank cells are never sent; type #empty to clear a text field)`,
    (p) =>
      `لا شيء لتغييره: في الصف ${p.id || 'product_id'} ولا خلايا مملوءة غيره (الخلايا الفارغة لا تُرسل أبدًا؛ اكتب #empty لمسح حقل نصي)`,
  ),
  create_with_product_id: entry(
    ['id'],
    (p) => `a new product cannot have a ${p.id || 'product_id'}: clear it, or set action to update`,
    (p) => `لا يكون للمنتج الجديد ${p.id || 'product_id'}: امسحه، أو اجعل الإجراء update`,
  ),
  create_with_status: entry(
    ['id', 'status'],
    (p) =>
      `${p.status || 'product_status'} cannot be set on a new product: the store's create call returns no product id, so the status change has nothing to name. Create the product first, then set its status in a later sheet with its ${p.id || 'product_id'}`,
    (p) =>
      `لا يمكن ضبط ${p.status || 'product_status'} لمنتج جديد: طلب الإنشاء في المتجر لا يعيد رقم المنتج، فلا يجد تغيير الحالة منتجًا يحدده. أنشئ المنتج أولًا، ثم اضبط حالته في ورقة لاحقة مع ${p.id || 'product_id'} الخاص به`,
  ),
  fields_ignored: entry(
    ['status'],
    (p) =>
      `action is status: only ${p.status || 'product_status'} is sent, the other filled cells are not (use action update to send them too)`,
    (p) =>
      `الإجراء status: يُرسل ${p.status || 'product_status'} وحده دون بقية الخلايا المملوءة (استخدم الإجراء update لإرسالها أيضًا)`,
  ),
  bad_action: entry(
    ['column', 'value'],
    (p) => `${p.column}: ${p.value} is not an action (expected create, update, status or skip, or leave it blank)`,
    (p) => `${p.column}: ${p.value} ليس إجراءً (المتوقع create أو update أو status أو skip، أو اترك الخلية فارغة)`,
  ),
  unknown_option_type: entry(
    ['column', 'value'],
    (p) =>
      `${p.column}: "${p.value}" is not a type the store reference shows (multi_select); it is sent as written (said once per sheet)`,
    (p) => `${p.column}: "${p.value}" ليس نوعًا يذكره مرجع المتجر (multi_select)؛ يُرسل كما كُتب (تنبيه واحد لكل ورقة)`,
  ),
  incomplete_option: entry(
    ['number', 'index', 'filled', 'title'],
    (p) =>
      `option ${p.number} (product_option.${p.index}) has "${p.filled}" filled but no title; an option needs ${p.title} (or clear the option's cells)`,
    (p) =>
      `الخيار ${p.number} (product_option.${p.index}): "${p.filled}" مملوء ولكن لا عنوان للخيار؛ يحتاج الخيار إلى ${p.title} (أو امسح خلايا الخيار)`,
  ),
  arabic_without_base: entry(
    ['arabic', 'base'],
    (p) => `${p.arabic} is filled but ${p.base} is not: the store shows ${p.base} where Arabic is not chosen`,
    (p) => `${p.arabic} مملوء لكن ${p.base} فارغ: يعرض المتجر ${p.base} حين لا تكون العربية هي اللغة المختارة`,
  ),
  base_without_arabic: entry(
    ['arabic', 'base'],
    (p) => `${p.base} is filled but ${p.arabic} is blank: Arabic shoppers will see no Arabic ${p.base}`,
    (p) => `${p.base} مملوء لكن ${p.arabic} فارغ: لن يجد من يتسوق بالعربية نصًّا عربيًّا لـ ${p.base}`,
  ),
  too_long: entry(
    ['column', 'length', 'limit'],
    (p) => `${p.column}: ${p.length} characters, more than the limit of ${p.limit} for a text field: shorten it`,
    (p) => `${p.column}: عدد الأحرف ${p.length}، وهو أكثر من الحد المسموح به للحقل النصي (${p.limit}): اختصره`,
  ),
  mojibake: entry(
    ['column', 'excerpt', 'encoding'],
    (p) =>
      `${p.column}: ${p.excerpt} looks garbled (UTF-8 text read as ${p.encoding}); save the file as "CSV UTF-8" in Excel and use that file instead`,
    (p) =>
      `${p.column}: يبدو ${p.excerpt} مشوّهًا (نص UTF-8 قُرئ بترميز ${p.encoding})؛ احفظ الملف بصيغة "CSV UTF-8" في Excel واستعمل ذلك الملف بدلًا منه`,
  ),
  'mojibake.replaced': entry(
    ['column', 'excerpt'],
    (p) =>
      `${p.column}: ${p.excerpt} has characters the file had already lost (shown as \uFFFD: bytes that are not UTF-8, or a character replaced when the file was saved); save the file again as "CSV UTF-8" in Excel (or as .xlsx) and check this cell`,
    (p) =>
      `${p.column}: في ${p.excerpt} أحرف فقدها الملف قبل أن يصل (تظهر \uFFFD: بايتات ليست UTF-8، أو حرف استُبدل حين حُفظ الملف)؛ احفظ الملف من جديد بصيغة "CSV UTF-8" في Excel (أو بصيغة .xlsx) وراجع هذه الخلية`,
  ),
  'mojibake.question_marks': entry(
    ['column', 'excerpt'],
    (p) =>
      `${p.column}: ${p.excerpt} has question marks where letters were: Excel's plain "CSV" on a Windows not set up for Arabic saves each Arabic letter as ?, and they cannot be read back; save the sheet as "CSV UTF-8" in Excel (or as .xlsx) and import that file`,
    (p) =>
      `${p.column}: في ${p.excerpt} علامات استفهام مكان الأحرف: صيغة "CSV" العادية في Excel على Windows غير مضبوط للعربية تحفظ كل حرف عربي علامة ?، ولا سبيل إلى استعادته؛ احفظ الورقة بصيغة "CSV UTF-8" في Excel (أو بصيغة .xlsx) واستورد ذلك الملف`,
  ),
  duplicate_value: entry(
    ['column', 'value', 'earlier', 'what'],
    (p) => `${p.column}: ${p.value} is already on row ${p.earlier} (${p.what}); merge the rows or fix one`,
    (p) => `${p.column}: ${p.value} موجود في الصف ${p.earlier} (${p.what})؛ ادمج الصفين أو صحّح أحدهما`,
  ),
  'duplicate.barcode': entry(
    [],
    () => 'two products with one barcode',
    () => 'لا يكون لمنتجين باركود واحد',
  ),
  'duplicate.one_row': entry(
    [],
    () => 'one row per item',
    () => 'صف واحد لكل عنصر',
  ),
  'duplicate.key': entry(
    [],
    () => 'the key column: one product per key',
    () => 'عمود المفتاح: منتج واحد لكل مفتاح',
  ),
  header_error: entry(
    [],
    () => 'not sent: the header row (row 1) has errors; fix them first',
    () => 'لم يُرسل: في صف العناوين (الصف 1) أخطاء؛ صحّحها أولًا',
  ),
  extra_cells: entry(
    ['cells', 'fieldCount', 'shown', 'more'],
    (p) =>
      `this row has ${p.cells} cells where the header has ${p.fieldCount}, so its cells are shifted; past the header: ${p.shown}${p.more === '0' ? '' : ` and ${p.more} more`} (a comma inside a value splits it in two, e.g. a price typed 12,50: put that value in quotes or type 12.50); not sent`,
    (p) =>
      `عدد خلايا هذا الصف ${p.cells} وعدد أعمدة صف العناوين ${p.fieldCount}، فخلاياه مُزاحة؛ بعد آخر عنوان: ${p.shown}${p.more === '0' ? '' : ` و${p.more} غيرها`} (الفاصلة داخل القيمة تقسمها قسمين، مثل سعر مكتوب 12,50: ضع تلك القيمة بين علامتي تنصيص أو اكتب 12.50)؛ لم يُرسل`,
  ),
  unnamed_column: entry(
    ['letter'],
    (p) => `column ${p.letter} has no header, so its cells are not sent (first filled on this row)`,
    (p) => `العمود ${p.letter} بلا عنوان، فلا تُرسل خلاياه (أول خلية مملوءة فيه في هذا الصف)`,
  ),
  unknown_column: entry(
    ['column', 'hint'],
    (p) =>
      `unknown column "${p.column}": not sent${p.hint === '' ? '' : `. Did you mean "${p.hint}"?`} (give it a field in the sheet's column mapping, or rename the header)`,
    (p) =>
      `عمود غير معروف "${p.column}": لا يُرسل${p.hint === '' ? '' : `. هل تقصد "${p.hint}"؟`} (اربطه بحقل في ربط أعمدة الملف، أو غيّر اسم العنوان)`,
  ),
  unknown_columns: entry(
    ['count', 'first'],
    (p) =>
      `${p.count} unknown columns: not sent; the first: ${p.first} (give them fields in the sheet's column mapping, or rename the headers)`,
    (p) =>
      `أعمدة غير معروفة عددها ${p.count}: لا تُرسل؛ أولها: ${p.first} (اربطها بحقول في ربط أعمدة الملف، أو غيّر أسماء العناوين)`,
  ),
  duplicate_column: entry(
    ['earlier', 'column', 'field'],
    (p) =>
      `columns "${p.earlier}" and "${p.column}" both fill ${p.field}; keep one of them (or give one another field in the sheet's column mapping)`,
    (p) =>
      `العمودان "${p.earlier}" و"${p.column}" يملآن كلاهما ${p.field}؛ أبقِ أحدهما (أو اربط أحدهما بحقل آخر في ربط أعمدة الملف)`,
  ),
  column_map_mismatch: entry(
    ['file', 'column', 'mapped', 'kind'],
    (p) =>
      `${p.file === '' ? 'column map' : p.file} maps "${p.column}" to "${p.mapped}", which is not a column of a ${p.kind === 'brands' ? 'brand' : 'product'} sheet`,
    (p) =>
      `${p.file === '' ? 'ملف ربط الأعمدة' : p.file} يربط "${p.column}" بـ "${p.mapped}"، وهو ليس عمودًا في ورقة ${p.kind === 'brands' ? 'العلامات التجارية' : 'المنتجات'}`,
  ),
  row_unreadable: entry(
    [],
    () => 'Row could not be read',
    () => 'تعذّرت قراءة الصف',
  ),
};
