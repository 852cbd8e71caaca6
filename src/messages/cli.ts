/**
 * A batch's lines as the commands print them (import, rerun, schedule run), in English and Arabic;
 * src/intake/cli-output.ts writes them. In English an outcome keeps its report name, which scripts
 * read; in Arabic it is the console's word (outcome-words.ts).
 */
import type { Outcome } from '../outcome.ts';
import { OUTCOME_WORDS } from './outcome-words.ts';
import type { Lang } from './types.ts';

export interface CliWords {
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

const EN: CliWords = {
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
    `${count === 1 ? '1 create has' : `${count} creates have`} an unknown outcome (the product may exist in the store): catalog-sync reconcile ${batchId} settles them from the store's counts; catalog-sync rerun ${batchId} --resend-unknown-creates creates them again (any that did reach the store would then exist twice)`,
  report: (dir) => `report: ${dir}`,
};

const AR: CliWords = {
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
    `نتيجة ${count} من عمليات الإنشاء غير معروفة (قد يكون المنتج موجودًا في المتجر): يحسمها الأمر catalog-sync reconcile ${batchId} من أعداد المتجر؛ ويُنشئها من جديد الأمر catalog-sync rerun ${batchId} --resend-unknown-creates (وما وصل منها إلى المتجر يصبح عندها مكررًا)`,
  report: (dir) => `التقرير: ${dir}`,
};

export const CLI_WORDS: Readonly<Record<Lang, CliWords>> = { en: EN, ar: AR };
