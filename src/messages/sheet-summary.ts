/**
 * A sheet's summary as validate and import print it, in English and Arabic (src/sheet/map/summary-text.ts
 * writes it): the head, the plan, the row issues, the verdict.
 */
import type { PlanAction } from '../outcome.ts';
import type { Lang } from './types.ts';

/** A category name read as the store's, as the sheet's summary holds it (sheet/map/category-cells.ts NameRead). */
interface NameShown {
  column: string;
  text: string;
  id: number;
  name: string;
  nameAr: string;
}

export interface SummaryWords {
  head: (file: string, sheet: string | null, brands: boolean, rows: number) => string;
  banner: (headerRow: number, above: readonly number[]) => string;
  tableTotals: (rows: readonly number[]) => string;
  hiddenRows: (n: number) => string;
  namesRead: string;
  nameRead: (name: NameShown) => string;
  plan: (where: string, counts: Readonly<Record<PlanAction, number>>, retired?: number) => string;
  /** validate --absent-status where no store's records are read (no store configured, or no products sheet). */
  noRetire: string;
  brandUpdates: string;
  creates: string;
  updates: string;
  alsoStatus: (n: number) => string;
  statusChanges: string;
  skipped: string;
  skippedWhy: string;
  invalidRows: string;
  notSent: string;
  warningsOnly: string;
  header: string;
  firstErrors: (shown: number, all: number) => string;
  issue: (row: number, column: string | null, severity: string, message: string) => string;
  /**
   * The CLI's own word after an issue, by its message key (else its code): the catalogue's message says what to do in the
   * operator's words (console, reports, e-mail); a terminal user also learns the flag that does it.
   */
  cliNotes: Readonly<Record<string, string>>;
  hiddenSkipped: (names: string) => string;
  issuesWritten: (path: string) => string;
  noIssues: string;
  valid: string;
  notValid: string;
}

const EN: SummaryWords = {
  head: (file, sheet, brands, rows) =>
    `${file}${sheet !== null ? ` [sheet ${sheet}]` : ''}: ${brands ? 'brand' : 'product'} sheet, ${rows} data rows`,
  banner: (headerRow, above) =>
    `header row: ${headerRow} (${above.length === 1 ? `row ${above[0]}` : `rows ${above.join(', ')}`} above it: a title or group labels naming fewer known columns, not read)`,
  tableTotals: (rows) =>
    rows.length === 1
      ? `Excel Table totals row skipped: row ${rows[0]} (a sum, not a product)`
      : `Excel Table totals rows skipped: rows ${rows.join(', ')} (sums, not products)`,
  hiddenRows: (n) => `  hidden or filtered out in Excel: ${n} ${n === 1 ? 'row' : 'rows'} (synced like any other)`,
  namesRead: "category names read as the store's categories:",
  nameRead: (n) => `${n.column}: "${n.text}" -> ${n.id} (${n.name})`,
  plan: (where, c, retired) =>
    `  a full sync would, against the store's ledger (${where}): create ${c.create}, update ${c.update}, change status ${c.status}${retired === undefined ? '' : `, retire ${retired} (known products not in this sheet)`}${c.brand > 0 ? `, update brands ${c.brand}` : ''}; not send ${c.unchanged + c.skipped + c.invalid} (unchanged ${c.unchanged}, skipped ${c.skipped}, invalid ${c.invalid})`,
  noRetire:
    "--absent-status: nothing counted to retire: only the store's records say what a sheet no longer lists (configure the store), and only a products sheet retires",
  brandUpdates: '  brand updates:  ',
  creates: '  creates:        ',
  updates: '  updates:        ',
  alsoStatus: (n) => ` (${n} also change the status)`,
  statusChanges: '  status changes: ',
  skipped: '  skipped:        ',
  skippedWhy: ' (blank rows, action skip)',
  invalidRows: '  invalid rows:   ',
  notSent: ' (not sent)',
  warningsOnly: '  rows with warnings only: ',
  header: 'header:',
  firstErrors: (shown, all) => `first errors (${shown} of ${all}):`,
  issue: (row, column, severity, message) =>
    `row ${row}${column !== null ? `, ${column}` : ''} [${severity}] ${message}`,
  cliNotes: {
    unknown_column: '(from a terminal: a --columns map file can name it)',
    unknown_columns: '(from a terminal: a --columns map file can name them)',
    duplicate_column: '(from a terminal: --columns can map one elsewhere)',
    mojibake: '(from a terminal: --encoding utf8 reads the file as UTF-8)',
    too_long: '(the limit is the MAX_TEXT_LENGTH setting)',
  },
  hiddenSkipped: (names) => `hidden sheets skipped: ${names} (name one with --sheet to read it)`,
  issuesWritten: (path) => `row issues written to ${path}`,
  noIssues: 'no issues',
  valid: 'valid: every row can be sent',
  notValid: 'not valid: rows above are not sent until fixed',
};

const SEVERITY_AR: Readonly<Record<string, string>> = { error: 'خطأ', warning: 'تنبيه' };

const AR: SummaryWords = {
  head: (file, sheet, brands, rows) =>
    `${file}${sheet !== null ? ` [الورقة ${sheet}]` : ''}: ورقة ${brands ? 'علامات تجارية' : 'منتجات'}، صفوف البيانات ${rows}`,
  banner: (headerRow, above) =>
    above.length === 1
      ? `صف الترويسة: ${headerRow} (الصف ${above[0]} فوقه: عنوان أو تسميات مجموعات تسمّي أعمدة معروفة أقل، لم يُقرأ)`
      : `صف الترويسة: ${headerRow} (الصفوف ${above.join('، ')} فوقه: عناوين أو تسميات مجموعات تسمّي أعمدة معروفة أقل، لم تُقرأ)`,
  tableTotals: (rows) =>
    rows.length === 1
      ? `صف الإجماليات في جدول Excel لم يُقرأ: الصف ${rows[0]} (مجموع، لا منتج)`
      : `صفوف الإجماليات في جداول Excel لم تُقرأ: الصفوف ${rows.join('، ')} (مجاميع، لا منتجات)`,
  hiddenRows: (n) => `  صفوف مخفية أو مُصفّاة في Excel: ${n} (تُرسل كغيرها)`,
  namesRead: 'أسماء تصنيفات قُرئت تصنيفاتٍ من المتجر:',
  nameRead: (n) => `${n.column}: «${n.text}» ← ${n.id} (${n.nameAr || n.name})`,
  plan: (where, c, retired) =>
    `  ستفعل مزامنة كاملة، بحسب سجل المتجر (${where}): إنشاء ${c.create}، تحديث ${c.update}، تغيير الحالة ${c.status}${retired === undefined ? '' : `، إيقاف ${retired} (منتجات معروفة ليست في هذا الملف)`}${c.brand > 0 ? `، تحديث العلامات ${c.brand}` : ''}؛ ولن ترسل ${c.unchanged + c.skipped + c.invalid} (بلا تغيير ${c.unchanged}، متروكة ${c.skipped}، غير صالحة ${c.invalid})`,
  noRetire:
    '--absent-status: لم يُحسب ما سيُوقف: سجل المتجر وحده يقول ما لم يعد الملف يذكره (اضبط المتجر)، وورقة المنتجات وحدها توقف منتجات',
  brandUpdates: '  تحديث العلامات: ',
  creates: '  للإنشاء: ',
  updates: '  للتحديث: ',
  alsoStatus: (n) => ` (${n} منها تغيّر الحالة أيضًا)`,
  statusChanges: '  تغيير الحالة: ',
  skipped: '  تم تخطيها: ',
  skippedWhy: ' (صفوف فارغة، action skip)',
  invalidRows: '  صفوف غير صالحة: ',
  notSent: ' (لن تُرسل)',
  warningsOnly: '  صفوف فيها تنبيهات فقط: ',
  header: 'الترويسة:',
  firstErrors: (shown, all) => `أول الأخطاء (${shown} من ${all}):`,
  issue: (row, column, severity, message) =>
    `الصف ${row}${column !== null ? `، ${column}` : ''} [${SEVERITY_AR[severity] ?? severity}] ${message}`,
  cliNotes: {
    unknown_column: '(من الطرفية: يمكن أن يسمّيه ملف ربط الأعمدة --columns)',
    unknown_columns: '(من الطرفية: يمكن أن يسمّيها ملف ربط الأعمدة --columns)',
    duplicate_column: '(من الطرفية: يمكن أن يربط --columns أحدهما بحقل آخر)',
    mojibake: '(من الطرفية: يقرأ --encoding utf8 الملف بترميز UTF-8)',
    too_long: '(الحد هو الإعداد MAX_TEXT_LENGTH)',
  },
  hiddenSkipped: (names) => `أوراق مخفية لم تُقرأ: ${names} (سمِّ إحداها بالخيار --sheet لقراءتها)`,
  issuesWritten: (path) => `كُتبت مشكلات الصفوف في ${path}`,
  noIssues: 'لا مشكلات',
  valid: 'صالح: يمكن إرسال كل الصفوف',
  notValid: 'غير صالح: لن تُرسل الصفوف أعلاه حتى تُصحَّح',
};

export const SUMMARY_WORDS: Readonly<Record<Lang, SummaryWords>> = { en: EN, ar: AR };
