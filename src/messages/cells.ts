/**
 * What a cell that cannot be read says: one entry per way it fails. `column` is the header as
 * typed and `value` the cell as typed (already quoted); both go into either language unchanged.
 */
import { entry } from './types.ts';

/** A list of isolated names (sheet/map/category-names.ts categoryLabel) with the Arabic comma between them. */
const arabicList = (list: unknown): string => String(list).replaceAll('\u2069, \u2068', '\u2069، \u2068');

/** "expected ..." phrases, nested in the cell messages below. */
export const EXPECTED = {
  'expect.flag': entry(
    [],
    () => '1 or 0',
    () => '1 أو 0',
  ),
  'expect.id': entry(
    [],
    () => 'a whole number of 1 or more',
    () => 'عدد صحيح من 1 فأكثر',
  ),
  'expect.ids': entry(
    [],
    () => 'ids separated by |',
    () => 'معرّفات تفصل بينها |',
  ),
  'expect.whole': entry(
    ['min'],
    (p) => (p.min === '' ? 'a whole number' : `a whole number of ${p.min} or more`),
    (p) => (p.min === '' ? 'عدد صحيح' : `عدد صحيح من ${p.min} فأكثر`),
  ),
  'expect.number': entry(
    ['min'],
    (p) => (p.min === '' ? 'a number' : `a number of ${p.min} or more`),
    (p) => (p.min === '' ? 'رقم' : `رقم من ${p.min} فأكثر`),
  ),
  'expect.text': entry(
    [],
    () => 'text',
    () => 'نص',
  ),
};

export const CELL_MESSAGES = {
  ...EXPECTED,
  formula_without_value: entry(
    ['column', 'formula'],
    (p) =>
      `${p.column}: the formula ${p.formula} has no saved value (the program that wrote the file does not calculate formulas); open the file in Excel or LibreOffice and save it, then try again`,
    (p) =>
      `${p.column}: الصيغة ${p.formula} بلا قيمة محفوظة (البرنامج الذي كتب الملف لا يحسب الصيغ)؛ افتح الملف في Excel أو LibreOffice واحفظه، ثم أعد المحاولة`,
  ),
  cell_error: entry(
    ['column', 'error'],
    (p) => `${p.column}: the cell shows the error ${p.error}; fix the formula or type the value`,
    (p) => `${p.column}: تعرض الخلية الخطأ ${p.error}؛ أصلح الصيغة أو اكتب القيمة`,
  ),
  'cell_error.text': entry(
    ['column', 'error', 'textColumn'],
    (p) =>
      `${p.column}: the cell shows the error ${p.error} (a formula's error, saved as text); fix the formula or type the value${p.textColumn === 'yes' ? ', or list the column under error_text: in a column map to send it as text' : ''}`,
    (p) =>
      `${p.column}: تعرض الخلية الخطأ ${p.error} (خطأ صيغة محفوظ نصًّا)؛ أصلح الصيغة أو اكتب القيمة${p.textColumn === 'yes' ? '، أو أدرج العمود تحت error_text: في ملف ربط الأعمدة ليُرسل نصًّا' : ''}`,
  ),
  empty_not_allowed: entry(
    ['column'],
    (p) => `${p.column}: #empty clears text fields only; leave the cell blank to keep the current value`,
    (p) => `${p.column}: #empty يمسح الحقول النصية فقط؛ اترك الخلية فارغة لتبقى القيمة الحالية`,
  ),
  unexpected_date: entry(
    ['column', 'value', 'expected'],
    (p) => `${p.column}: ${p.value} is a date, expected ${p.expected}`,
    (p) => `${p.column}: ${p.value} تاريخ، والمتوقع ${p.expected}`,
  ),
  not_a_number: entry(
    ['column', 'value', 'example'],
    (p) => `${p.column}: ${p.value} is not a number (expected e.g. ${p.example})`,
    (p) => `${p.column}: ${p.value} ليس رقمًا (المتوقع مثلًا ${p.example})`,
  ),
  'not_a_number.expected': entry(
    ['column', 'value', 'expected'],
    (p) => `${p.column}: ${p.value} is not a number (expected ${p.expected})`,
    (p) => `${p.column}: ${p.value} ليس رقمًا (المتوقع ${p.expected})`,
  ),
  'not_a_number.decimal_comma': entry(
    ['column', 'value', 'fixed'],
    (p) =>
      `${p.column}: ${p.value} is not a number (use a decimal point, e.g. ${p.fixed}; a decimal comma is read only in ;-separated files)`,
    (p) =>
      `${p.column}: ${p.value} ليس رقمًا (استخدم النقطة العشرية، مثل ${p.fixed}؛ فالفاصلة العشرية لا تُقرأ إلا في الملفات المفصولة بـ ;)`,
  ),
  ambiguous_number: entry(
    ['column', 'value'],
    (p) =>
      `${p.column}: ${p.value} is ambiguous in a ;-separated file (thousands or decimals?); write it without the dot, or with a decimal comma`,
    (p) => `${p.column}: ${p.value} ملتبس في ملف مفصول بـ ; (آلاف أم كسور عشرية؟)؛ اكتبه بلا نقطة، أو بفاصلة عشرية`,
  ),
  not_an_id: entry(
    ['column', 'value', 'expected'],
    (p) => `${p.column}: ${p.value} is not an id (expected ${p.expected}, e.g. 12)`,
    (p) => `${p.column}: ${p.value} ليس معرّفًا (المتوقع ${p.expected}، مثل 12)`,
  ),
  'not_an_id.ids': entry(
    ['column', 'value'],
    (p) => `${p.column}: ${p.value} is not an id (expected whole numbers like 12|15)`,
    (p) => `${p.column}: ${p.value} ليس معرّفًا (المتوقع أعداد صحيحة مثل 12|15)`,
  ),
  'not_an_id.list': entry(
    ['column', 'value'],
    (p) => `${p.column}: ${p.value} is not a list of ids (expected whole numbers separated by |, e.g. 12|15)`,
    (p) => `${p.column}: ${p.value} ليس قائمة معرّفات (المتوقع أعداد صحيحة تفصل بينها |، مثل 12|15)`,
  ),
  ambiguous_category: entry(
    ['column', 'value', 'choices'],
    (p) =>
      `${p.column}: ${p.value} is the name of more than one of the store's categories: ${p.choices}; type the id of the one meant`,
    (p) => `${p.column}: ${p.value} اسم لأكثر من تصنيف في المتجر: ${arabicList(p.choices)}؛ اكتب رقم التصنيف المقصود`,
  ),
  unknown_category_name: entry(
    ['column', 'value', 'closest'],
    (p) =>
      `${p.column}: the store has no category named ${p.value}${p.closest === '' ? '' : `; its closest are ${p.closest}`}; type one of its names or its id`,
    (p) =>
      `${p.column}: لا يوجد في المتجر تصنيف باسم ${p.value}${p.closest === '' ? '' : `؛ أقرب تصنيفاته ${arabicList(p.closest)}`}؛ اكتب أحد أسمائه أو رقمه`,
  ),
  category_list_unavailable: entry(
    ['column', 'value', 'reason'],
    (p) =>
      `${p.column}: ${p.value} is read as a category's name from the store's list of categories, which could not be read (${p.reason}); try again, or type the category's id`,
    (p) =>
      `${p.column}: يُقرأ ${p.value} اسمًا لتصنيف من قائمة تصنيفات المتجر، وتعذّرت قراءتها (${p.reason})؛ أعد المحاولة، أو اكتب رقم التصنيف`,
  ),
  category_name_offline: entry(
    ['column', 'value'],
    (p) =>
      `${p.column}: ${p.value} is read as a category's name only against the store's list of categories, and no store is set up here; type the category's id, or check the sheet with the store set up`,
    (p) =>
      `${p.column}: لا يُقرأ ${p.value} اسمًا لتصنيف إلا من قائمة تصنيفات المتجر، ولا متجر معدّ هنا؛ اكتب رقم التصنيف، أو افحص الجدول والمتجر معدّ`,
  ),
  not_a_flag: entry(
    ['column', 'value'],
    (p) => `${p.column}: ${p.value} is not a yes/no value (expected 1 or 0, yes or no, نعم or لا)`,
    (p) => `${p.column}: ${p.value} ليست قيمة نعم/لا (المتوقع 1 أو 0، نعم أو لا، yes أو no)`,
  ),
  'not_a_flag.number': entry(
    ['column', 'value'],
    (p) => `${p.column}: ${p.value} is not a yes/no value (expected 1 or 0)`,
    (p) => `${p.column}: ${p.value} ليست قيمة نعم/لا (المتوقع 1 أو 0)`,
  ),
  not_whole: entry(
    ['column', 'value', 'example'],
    (p) => `${p.column}: ${p.value} is not a whole number (expected e.g. ${p.example})`,
    (p) => `${p.column}: ${p.value} ليس عددًا صحيحًا (المتوقع مثلًا ${p.example})`,
  ),
  out_of_range: entry(
    ['column', 'value', 'min', 'expected'],
    (p) => `${p.column}: ${p.value} is below ${p.min} (expected ${p.expected})`,
    (p) => `${p.column}: ${p.value} أقل من ${p.min} (المتوقع ${p.expected})`,
  ),
  percent_in_price: entry(
    ['column', 'value'],
    (p) =>
      `${p.column}: ${p.value} is a percentage; a price is an amount of money (e.g. 12.50), and the store has no percent price: type the amount`,
    (p) =>
      `${p.column}: ${p.value} نسبة مئوية؛ والسعر مبلغ من المال (مثل 12.50)، ولا يقبل المتجر سعرًا بالنسبة المئوية: اكتب المبلغ`,
  ),
  identifier_digits_lost: entry(
    ['column', 'value'],
    (p) =>
      `${p.column}: ${p.value} has more digits than a spreadsheet number keeps exactly, so its last digits are lost; format the column as Text and type it again`,
    (p) =>
      `${p.column}: في ${p.value} أرقام أكثر مما تحفظه الخلية الرقمية في جدول البيانات بدقة، فضاعت أرقامه الأخيرة؛ اجعل تنسيق العمود «نص» واكتبه من جديد`,
  ),
  identifier_full_digits: entry(
    ['column', 'sent', 'format', 'shown'],
    (p) => `${p.column}: sent as ${p.sent}, the cell's full digits (its number format ${p.format} shows ${p.shown})`,
    (p) => `${p.column}: أُرسل ${p.sent} بأرقام الخلية كاملة (تنسيقها الرقمي ${p.format} يعرض ${p.shown})`,
  ),
  scientific_display: entry(
    ['column', 'value'],
    (p) =>
      `${p.column}: ${p.value} looks like Excel's scientific display; the digits are lost: format the column as Text and type it again`,
    (p) =>
      `${p.column}: يبدو ${p.value} بالصيغة العلمية التي يعرضها Excel، وقد ضاعت الأرقام: اجعل تنسيق العمود «نص» واكتبه من جديد`,
  ),
  currency_removed: entry(
    ['column', 'value', 'number', 'currency'],
    (p) => `${p.column}: ${p.value} read as ${p.number} (the currency ${p.currency} removed)`,
    (p) => `${p.column}: قُرئت ${p.value} على أنها ${p.number} (بعد حذف العملة ${p.currency})`,
  ),
};
