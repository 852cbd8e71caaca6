/**
 * The human summary validate prints, in English or Arabic (the CLI's `--lang`): its labels in the
 * language, the row messages as the caller rendered them, field names and values as typed. Pure:
 * summaries in, lines out.
 */
import type { Lang } from '../../messages/index.ts';
import type { RowIssue } from '../types.ts';
import type { NameRead } from './category-cells.ts';
import type { PlanCounts, SheetSummary } from './summary.ts';

interface Words {
  head: (file: string, sheet: string | null, brands: boolean, rows: number) => string;
  banner: (headerRow: number, above: readonly number[]) => string;
  tableTotals: (rows: readonly number[]) => string;
  hiddenRows: (n: number) => string;
  namesRead: string;
  nameRead: (name: NameRead) => string;
  plan: (where: string, counts: PlanCounts) => string;
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
  hiddenSkipped: (names: string) => string;
  issuesWritten: (path: string) => string;
  noIssues: string;
  valid: string;
  notValid: string;
}

const EN: Words = {
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
  plan: (where, c) =>
    `  a full sync would, against the store's ledger (${where}): create ${c.create}, update ${c.update}, change status ${c.status}${c.brand > 0 ? `, update brands ${c.brand}` : ''}; not send ${c.unchanged + c.skipped + c.invalid} (unchanged ${c.unchanged}, skipped ${c.skipped}, invalid ${c.invalid})`,
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
  hiddenSkipped: (names) => `hidden sheets skipped: ${names} (name one with --sheet to read it)`,
  issuesWritten: (path) => `row issues written to ${path}`,
  noIssues: 'no issues',
  valid: 'valid: every row can be sent',
  notValid: 'not valid: rows above are not sent until fixed',
};

const SEVERITY_AR: Readonly<Record<string, string>> = { error: 'خطأ', warning: 'تنبيه' };

const AR: Words = {
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
  plan: (where, c) =>
    `  ستفعل مزامنة كاملة، بحسب سجل المتجر (${where}): إنشاء ${c.create}، تحديث ${c.update}، تغيير الحالة ${c.status}${c.brand > 0 ? `، تحديث العلامات ${c.brand}` : ''}؛ ولن ترسل ${c.unchanged + c.skipped + c.invalid} (بلا تغيير ${c.unchanged}، متروكة ${c.skipped}، غير صالحة ${c.invalid})`,
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
  hiddenSkipped: (names) => `أوراق مخفية لم تُقرأ: ${names} (سمِّ إحداها بالخيار --sheet لقراءتها)`,
  issuesWritten: (path) => `كُتبت مشكلات الصفوف في ${path}`,
  noIssues: 'لا مشكلات',
  valid: 'صالح: يمكن إرسال كل الصفوف',
  notValid: 'غير صالح: لن تُرسل الصفوف أعلاه حتى تُصحَّح',
};

const WORDS: Readonly<Record<Lang, Words>> = { en: EN, ar: AR };

export function summaryText(summary: SheetSummary, lang: Lang = 'en', firstErrors = 10): string {
  const w = WORDS[lang];
  const lines = [w.head(summary.file, summary.sheetName, summary.kind === 'brands', summary.rows)];
  if (summary.hiddenSheetsSkipped.length > 0) lines.push(`  ${hiddenSkippedText(summary.hiddenSheetsSkipped, lang)}`);
  if (summary.bannerRows.length > 0) lines.push(`  ${w.banner(summary.headerRow, summary.bannerRows)}`);
  if (summary.tableTotalsRows.length > 0) lines.push(`  ${w.tableTotals(summary.tableTotalsRows)}`);
  if (summary.kind === 'brands') {
    lines.push(`${w.brandUpdates}${summary.brandUpdates}`);
  } else {
    lines.push(`${w.creates}${summary.creates}`);
    lines.push(
      `${w.updates}${summary.updates}${summary.updatesWithStatus > 0 ? w.alsoStatus(summary.updatesWithStatus) : ''}`,
    );
    lines.push(`${w.statusChanges}${summary.statusChanges}`);
  }
  lines.push(`${w.skipped}${summary.skipped}${w.skippedWhy}`);
  lines.push(`${w.invalidRows}${summary.invalidRows}${summary.invalidRows > 0 ? w.notSent : ''}`);
  if (summary.rowsWithWarnings > 0) lines.push(`${w.warningsOnly}${summary.rowsWithWarnings}`);
  if (summary.hiddenRows > 0) lines.push(w.hiddenRows(summary.hiddenRows));
  if (summary.plan && summary.planAgainst) lines.push(w.plan(summary.planAgainst, summary.plan));
  const names = summary.categoryNames ?? [];
  if (names.length > 0) lines.push(`  ${w.namesRead}`, ...names.map((name) => `    ${w.nameRead(name)}`));
  const headerLines = summary.headerIssues.map((issue) => `  ${issueLine(issue, lang)}`);
  if (headerLines.length > 0) lines.push(w.header, ...headerLines);
  const errors = summary.issues.filter((issue) => issue.severity === 'error');
  if (errors.length > 0) {
    const all = errors.length + (summary.issuesLeftOut > 0 ? summary.issuesLeftOut : 0);
    lines.push(w.firstErrors(Math.min(firstErrors, errors.length), all));
    for (const issue of errors.slice(0, firstErrors)) lines.push(`  ${issueLine(issue, lang)}`);
  }
  return lines.join('\n');
}

/** validate's last lines: where the row issues went, and whether every row can be sent. */
export function verdictText(issuesCsv: string | null, valid: boolean, lang: Lang = 'en'): string {
  const w = WORDS[lang];
  return [issuesCsv !== null ? w.issuesWritten(issuesCsv) : w.noIssues, valid ? w.valid : w.notValid].join('\n');
}

export function issueLine(issue: RowIssue, lang: Lang = 'en'): string {
  return WORDS[lang].issue(issue.row, issue.column, issue.severity, issue.message);
}

/** `hidden sheets skipped: "Sheet1", "Old" (read one with --sheet)`: the same words for validate and import. */
export function hiddenSkippedText(names: readonly string[], lang: Lang = 'en'): string {
  return WORDS[lang].hiddenSkipped(names.map((name) => `"${name}"`).join(lang === 'ar' ? '، ' : ', '));
}
