/**
 * What a sheet file that cannot be read says (SheetFileError), without the file's name, which the
 * reader puts in front. Names, values and technical details go into either language as given;
 * a detail from a library (a damaged part, a system error) stays in its own English words.
 */
import { entry } from './types.ts';

const SHEET = 'CSV أو XLSX';

/** NotRegularFileError's kinds (files/regular-file.ts), in Arabic; an unknown one as given. */
const KIND_AR: Readonly<Record<string, string>> = {
  'a folder': 'مجلد',
  'a named pipe (FIFO)': 'أنبوب مسمّى (FIFO)',
  'a socket': 'مقبس (socket)',
  'a device': 'جهاز',
  'a special file': 'ملف خاص',
};

export const FILE_MESSAGES = {
  /** The CLI's line for a file it cannot read: `text` is the file's name and what is wrong. */
  'file.cannot_read': entry(
    ['text'],
    (p) => `cannot read sheet: ${p.text}`,
    (p) => `تعذّرت قراءة الجدول: ${p.text}`,
  ),
  'file.no_such_file': entry(
    [],
    () => 'no such file',
    () => 'لا يوجد ملف بهذا الاسم',
  ),
  'file.is_folder': entry(
    [],
    () => 'this is a folder, not a file',
    () => 'هذا مجلد وليس ملفًا',
  ),
  'file.cannot_open': entry(
    ['code'],
    (p) => `cannot open the file (${p.code})`,
    (p) => `تعذّر فتح الملف (${p.code})`,
  ),
  'file.not_regular': entry(
    ['kind'],
    (p) => `this is ${p.kind}, not a file: only regular files are read`,
    (p) => `هذا ${KIND_AR[p.kind] ?? p.kind} وليس ملفًا: لا يُقرأ إلا الملف العادي`,
  ),
  'file.empty': entry(
    [],
    () => 'the file is empty',
    () => 'الملف فارغ',
  ),
  'file.password_protected': entry(
    [],
    () =>
      'this is a password-protected workbook; open it in Excel, remove the password (File > Info > Protect Workbook) and save it, then try again',
    () =>
      'هذا مصنّف محمي بكلمة مرور؛ افتحه في Excel وأزل كلمة المرور (ملف > معلومات > حماية المصنّف) واحفظه، ثم أعد المحاولة',
  ),
  'file.legacy_xls': entry(
    [],
    () => 'this is a legacy .xls file; open it in Excel and save it as .xlsx or CSV',
    () => 'هذا ملف .xls بالصيغة القديمة؛ افتحه في Excel واحفظه بصيغة .xlsx أو CSV',
  ),
  'file.legacy_xls_or_protected': entry(
    [],
    () => 'this is a legacy .xls file (or a password-protected workbook); open it in Excel and save it as .xlsx or CSV',
    () => 'هذا ملف .xls بالصيغة القديمة (أو مصنّف محمي بكلمة مرور)؛ افتحه في Excel واحفظه بصيغة .xlsx أو CSV',
  ),
  'file.legacy_biff': entry(
    [],
    () => 'this is a legacy Excel (BIFF) file; save it as .xlsx or CSV',
    () => 'هذا ملف Excel بالصيغة القديمة (BIFF)؛ احفظه بصيغة .xlsx أو CSV',
  ),
  'file.pdf': entry(
    [],
    () => 'this is a PDF file, not a CSV or XLSX sheet',
    () => `هذا ملف PDF وليس جدول ${SHEET}`,
  ),
  'file.gzip': entry(
    [],
    () => 'this is a gzip file, not a CSV or XLSX sheet',
    () => `هذا ملف مضغوط (gzip) وليس جدول ${SHEET}`,
  ),
  'file.binary': entry(
    [],
    () => 'this is a binary file, not a CSV or XLSX sheet',
    () => `هذا ملف ثنائي وليس جدول ${SHEET}`,
  ),
  'file.ods': entry(
    [],
    () => 'this is an OpenDocument spreadsheet (.ods); save it as .xlsx or CSV',
    () => 'هذا جدول OpenDocument (.ods)؛ احفظه بصيغة .xlsx أو CSV',
  ),
  'file.word': entry(
    [],
    () => 'this is a Word document, not a sheet',
    () => 'هذا مستند Word وليس جدولًا',
  ),
  'file.zip_not_xlsx': entry(
    [],
    () => 'this is a zip file but not an XLSX workbook',
    () => 'هذا ملف zip لكنه ليس مصنّف XLSX',
  ),
  /** A damaged workbook: the detail (which part, how) stays as the reader wrote it. */
  'file.damaged_xlsx': entry(
    ['detail'],
    (p) => p.detail,
    (p) => `ملف XLSX تالف أو ناقص، ولا يمكن قراءته (${p.detail})`,
  ),
  'file.too_large': entry(
    ['detail'],
    (p) => p.detail,
    (p) => `الملف أكبر مما يمكن قراءته (${p.detail})`,
  ),
  'file.unreadable': entry(
    ['detail'],
    (p) => p.detail,
    (p) => `تعذّرت قراءة الملف (${p.detail})`,
  ),
  'file.changed': entry(
    [],
    () =>
      'the file changed while it was being read (saved again, or still being copied): read it again once it is complete',
    () => 'تغيّر الملف أثناء قراءته (حُفظ من جديد، أو ما زال يُنسخ): اقرأه مرة أخرى بعد اكتماله',
  ),
  /** `closest`: the known name nearest to the one given, or empty when none is near; `common`: a list. */
  'file.unknown_encoding': entry(
    ['encoding', 'closest', 'common'],
    (p) =>
      `unknown encoding "${p.encoding}"${p.closest ? `: did you mean ${p.closest}?` : ''} (common ones: ${p.common})`,
    (p) =>
      `ترميز غير معروف "${p.encoding}"${p.closest ? `: هل تقصد ${p.closest}؟` : ''} (الشائعة منها: ${p.common.replaceAll(', ', '، ')})`,
  ),
  'file.bad_delimiter': entry(
    [],
    () => 'the delimiter must not be empty',
    () => 'يجب ألا يكون الفاصل فارغًا',
  ),
  'file.no_header': entry(
    [],
    () => 'the file has no header row (it is empty or blank)',
    () => 'ليس في الملف صف عناوين (هو فارغ أو بلا أي قيمة)',
  ),
  'file.line_too_long': entry(
    ['row', 'mib', 'bytes'],
    (p) =>
      `cannot read CSV near row ${p.row}: a line is longer than ${p.mib} MiB (${p.bytes} bytes), the most one line may hold: a file without line breaks, or not a CSV?`,
    (p) =>
      `تعذّرت قراءة ملف CSV قرب الصف ${p.row}: فيه سطر أطول من ${p.mib} MiB (${p.bytes} بايت)، وهو أقصى ما يتسع له سطر واحد: هل الملف بلا فواصل أسطر، أو ليس CSV أصلًا؟`,
  ),
  'file.unclosed_quote': entry(
    ['row'],
    (p) => `cannot read CSV near row ${p.row}: a quoted field opened there is never closed (a stray " in a cell?)`,
    (p) => `تعذّرت قراءة ملف CSV قرب الصف ${p.row}: حقل يبدأ هناك بعلامة تنصيص لا تُغلق أبدًا (علامة " زائدة في خلية؟)`,
  ),
  'file.unreadable_csv': entry(
    ['row', 'detail'],
    (p) => `cannot read CSV near row ${p.row}: ${p.detail}`,
    (p) => `تعذّرت قراءة ملف CSV قرب الصف ${p.row}: ${p.detail}`,
  ),
  'file.sheet_empty': entry(
    ['sheet'],
    (p) => `sheet "${p.sheet}" is empty: it has no header row`,
    (p) => `الورقة "${p.sheet}" فارغة: ليس فيها صف عناوين`,
  ),
  'file.no_sheets': entry(
    [],
    () => 'the workbook has no sheets',
    () => 'ليس في المصنّف أي ورقة',
  ),
  'file.sheet_not_found': entry(
    ['sheet', 'sheets'],
    (p) => `there is no sheet named "${p.sheet}" (sheets: ${p.sheets})`,
    (p) => `لا توجد ورقة باسم "${p.sheet}" (الأوراق: ${p.sheets})`,
  ),
  'file.not_a_worksheet': entry(
    ['sheet'],
    (p) => `sheet "${p.sheet}" is a chart sheet or is missing`,
    (p) => `الورقة "${p.sheet}" ورقة مخطط أو غير موجودة`,
  ),
  'file.no_visible_sheet': entry(
    ['sheets'],
    (p) =>
      `no visible worksheet to read (sheets: ${p.sheets}; hidden ones are read only when named): name the sheet with --sheet`,
    (p) =>
      `لا توجد ورقة عمل ظاهرة للقراءة (الأوراق: ${p.sheets}؛ المخفية لا تُقرأ إلا إذا سُمّيت): سمِّ الورقة بالخيار --sheet`,
  ),
  /** The header row's problems, each a row message with its column (already a list of messages). */
  'file.bad_header': entry(
    ['issues'],
    (p) => `header row: ${p.issues}`,
    (p) => `صف العناوين: ${p.issues}`,
  ),
  'file.bad_column_map': entry(
    ['detail'],
    (p) => p.detail,
    (p) => `ملف ربط الأعمدة غير صالح: ${p.detail}`,
  ),
  'file.column_map_not_regular': entry(
    ['why'],
    (p) => `cannot read the column map file: ${p.why}`,
    (p) => `تعذّرت قراءة ملف ربط الأعمدة: ${p.why}`,
  ),
  'file.column_map_unreadable': entry(
    ['code'],
    (p) => `cannot read the column map file (${p.code})`,
    (p) => `تعذّرت قراءة ملف ربط الأعمدة (${p.code})`,
  ),
  'file.download_failed': entry(
    ['reason'],
    (p) => `cannot download the sheet: ${p.reason}`,
    (p) => `تعذّر تنزيل الجدول: ${p.reason}`,
  ),
};
