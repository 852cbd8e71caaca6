/**
 * The lines the commands print for a finished batch (pure), in the CLI's language (`--lang`): in
 * English the outcomes keep their report names (`status_changed 3`), which scripts read; in Arabic
 * they are the words the console and the e-mail use (src/messages/outcome-words.ts).
 */
import type { Lang } from '../messages/types.ts';
import { OUTCOMES, PROBLEM_OUTCOMES, type Outcome } from '../outcome.ts';
import { OUTCOME_WORDS } from '../messages/outcome-words.ts';
import type { BatchSummary } from '../report/summary.ts';
import { hiddenSkippedText } from '../sheet/map/summary-text.ts';
import { readErrorText } from '../sync/read-error.ts';

interface Words {
  outcome: (outcome: Outcome, count: number) => string;
  listSeparator: string;
  dryRun: string;
  rerunOf: (batchId: string) => string;
  undoes: (batchId: string) => string;
  head: (batchId: string, label: string, rows: number) => string;
  sheetRead: (name: string) => string;
  unchangedNotListed: (count: number) => string;
  readError: (message: string) => string;
  rowsBefore: (rows: number) => string;
  /** The rows' messages say it in words, for the console's button; here, the command. */
  unknownCreates: (count: number, batchId: string) => string;
  report: (dir: string) => string;
}

const EN: Words = {
  outcome: (outcome, count) => `${outcome} ${count}`,
  listSeparator: ', ',
  dryRun: ' (dry run)',
  rerunOf: (batchId) => ` (re-run of ${batchId})`,
  undoes: (batchId) => ` (undo of ${batchId})`,
  head: (batchId, label, rows) => `batch ${batchId}${label}: ${rows} rows`,
  sheetRead: (name) => `sheet read: "${name}"`,
  unchangedNotListed: (count) =>
    `${count} of the skipped rows are unchanged since the last sync: counted, not listed in the report (--list-unchanged lists them)`,
  readError: (message) => `cannot read the rest of the sheet: ${message}`,
  rowsBefore: (rows) =>
    `the ${rows} rows before that were synced and are in the report; fix the file and sync it again (delta skips what went through)`,
  unknownCreates: (count, batchId) =>
    `${count === 1 ? '1 create has' : `${count} creates have`} an unknown outcome (the product may exist in the store): catalog-sync reconcile ${batchId} settles them from the store's counts`,
  report: (dir) => `report: ${dir}`,
};

const AR: Words = {
  outcome: (outcome, count) => `${OUTCOME_WORDS.ar[outcome]} ${count}`,
  listSeparator: '، ',
  dryRun: ' (تجربة بلا إرسال)',
  rerunOf: (batchId) => ` (إعادة تشغيل للدفعة ${batchId})`,
  undoes: (batchId) => ` (تراجع عن الدفعة ${batchId})`,
  head: (batchId, label, rows) => `الدفعة ${batchId}${label}: صفوف ${rows}`,
  sheetRead: (name) => `الورقة المقروءة: "${name}"`,
  unchangedNotListed: (count) =>
    `${count} من الصفوف المتخطّاة لم تتغيّر منذ آخر مزامنة: عُدّت ولم تُدرج في التقرير (الخيار --list-unchanged يدرجها)`,
  readError: (message) => `تعذّرت قراءة بقية الورقة: ${message}`,
  rowsBefore: (rows) =>
    `الصفوف ${rows} التي قبل ذلك زُومنت وهي في التقرير؛ صحّح الملف وزامنه مرة أخرى (وضع delta يتخطّى ما أُرسل)`,
  unknownCreates: (count, batchId) =>
    `نتيجة ${count} من عمليات الإنشاء غير معروفة (قد يكون المنتج موجودًا في المتجر): يحسمها الأمر catalog-sync reconcile ${batchId} من أعداد المتجر`,
  report: (dir) => `التقرير: ${dir}`,
};

const WORDS: Readonly<Record<Lang, Words>> = { en: EN, ar: AR };

export function summarizeBatch(summary: BatchSummary, lang: Lang = 'en'): string {
  const w = WORDS[lang];
  const counts = OUTCOMES.filter((o) => summary.counts[o] > 0).map((o) => w.outcome(o, summary.counts[o]));
  const label = `${summary.dryRun ? w.dryRun : ''}${summary.rerunOf ? w.rerunOf(summary.rerunOf) : ''}${summary.undoes ? w.undoes(summary.undoes) : ''}`;
  const lines = [
    `${w.head(summary.batchId, label, summary.total)}${counts.length > 0 ? `: ${counts.join(w.listSeparator)}` : ''}`,
  ];
  if (summary.sheet) {
    lines.push(w.sheetRead(summary.sheet.name));
    if (summary.sheet.hiddenSkipped.length > 0) lines.push(hiddenSkippedText(summary.sheet.hiddenSkipped, lang));
  }
  const unchanged = summary.skippedUnchanged;
  if (unchanged && !unchanged.listed) lines.push(w.unchangedNotListed(unchanged.count));
  if (summary.readError) {
    lines.push(w.readError(lang === 'en' ? summary.readError.message : readErrorText(summary.readError, lang)));
    lines.push(w.rowsBefore(summary.total));
  }
  if (summary.counts.unknown > 0) lines.push(w.unknownCreates(summary.counts.unknown, summary.batchId));
  lines.push(w.report(summary.reportDir));
  return lines.join('\n');
}

/** A batch a person has to look at: a row that did not go through, or a file that broke part-way. */
export function batchHasProblems(summary: BatchSummary): boolean {
  return [...PROBLEM_OUTCOMES].some((outcome) => summary.counts[outcome] > 0) || summary.readError !== undefined;
}
