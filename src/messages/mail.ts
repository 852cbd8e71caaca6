/**
 * The e-mail's words in English and Arabic (src/notify/mail-text.ts writes the mail from them). The
 * batch's status and a problem are spelled here as the notify event's shapes, which this layer
 * cannot import: a status the event gains and these words lack fails the type check there.
 */
import type { Lang } from './types.ts';

/** A finished batch's status, as the notify event names it (BatchStatus). */
type MailStatus = 'synced' | 'needs_fix' | 'nothing_synced' | 'unchanged';

/** A problem row, as the notify event lists it. */
interface MailProblem {
  row: number;
  column: string | null;
  message: string;
}

export interface MailWords {
  list: string;
  changed: (outcome: 'created' | 'updated' | 'status_changed' | 'unchanged' | 'skipped', n: number) => string;
  needFix: (n: number) => string;
  nothingSynced: string;
  noRows: string;
  nothingChanged: string;
  couldNotSync: (file: string) => string;
  scheduleFailed: (job: string) => string;
  jobFileSkipped: (job: string) => string;
  test: string;
  headline: (status: MailStatus, batchId: string, problems: number) => string;
  failedHeadline: (batchId: string, message: string) => string;
  scheduleHeadline: (job: string, source: string, message: string) => string;
  jobFileHeadline: (file: string, message: string) => string;
  testHeadline: (store: string) => string;
  labels: { batch: string; source: string; file: string; rows: string; started: string; finished: string };
  firstProblems: (shown: number, all: number) => string;
  problem: (p: MailProblem) => string;
  readError: (message: string) => string;
  /** Without the console's address: what to do with the attachment, in words (no command). */
  attached: string;
  inReport: string;
  /** With it: the batch's page, where the rows open in the fix grid. */
  fixOnConsole: (link: string) => string;
  alsoAttached: string;
  console: (link: string) => string;
}

/**
 * A row's message names its column first (`السعر: "12,5O" is not a number`); the line names it
 * already, so the message goes on after it rather than saying it twice.
 */
function unprefixed(p: MailProblem): string {
  const prefix = p.column ? `${p.column}: ` : null;
  return prefix !== null && p.message.startsWith(prefix) ? p.message.slice(prefix.length) : p.message;
}

const EN: MailWords = {
  list: ', ',
  changed: (outcome, n) =>
    ({
      created: `${n} created`,
      updated: `${n} updated`,
      status_changed: `${n} status changed`,
      unchanged: `${n} unchanged`,
      skipped: `${n} skipped`,
    })[outcome],
  needFix: (n) => (n === 1 ? '1 needs a fix' : `${n} need a fix`),
  nothingSynced: 'nothing synced',
  noRows: 'no data rows',
  nothingChanged: 'nothing changed',
  couldNotSync: (file) => `could not sync ${file}`,
  scheduleFailed: (job) => `scheduled sync ${job} could not fetch its sheet`,
  jobFileSkipped: (job) => `job file ${job} does not check and is skipped`,
  test: 'test notification',
  headline: (status, batchId, problems) =>
    ({
      synced: `Batch ${batchId} is synced: every row ended well.`,
      needs_fix: `Batch ${batchId} ended; ${problems === 1 ? '1 row needs' : `${problems} rows need`} a fix.`,
      nothing_synced: `Batch ${batchId} synced nothing${problems > 0 ? `: ${problems === 1 ? 'its row needs' : `all ${problems} rows need`} a fix` : ': the sheet has no data rows under a header catalog-sync knows'}.`,
      unchanged: `Batch ${batchId} ended: nothing in the store needed changing.`,
    })[status],
  failedHeadline: (batchId, message) => `Batch ${batchId} could not run, and nothing was sent: ${message}`,
  scheduleHeadline: (job, source, message) =>
    `The scheduled sync ${job} could not fetch its sheet from ${source}, so nothing was synced: ${message}\nIt runs again at its next scheduled time.`,
  jobFileHeadline: (file, message) =>
    `The job file ${file} does not check, so it is not scheduled: ${message}\nThe store's other jobs, its drop folder and its imports go on. Fix the file; the next worker start schedules it.`,
  testHeadline: (store) => `This is a test notification from catalog-sync for ${store}: e-mail reaches you.`,
  labels: { batch: 'Batch', source: 'Source', file: 'File', rows: 'Rows', started: 'Started', finished: 'Finished' },
  firstProblems: (shown, all) => (shown === all ? 'Problems:' : `The first ${shown} problems of ${all}:`),
  problem: (p) => `- row ${p.row}${p.column ? `, ${p.column}` : ''}: ${unprefixed(p)}`,
  readError: (message) => `The file broke part-way; the rows after the break were not read: ${message}`,
  attached:
    'The rows that need a fix are in the attached failed.csv: fix them in Excel, save, and upload that file on the console again (or drop it into the inbox); only its rows go.',
  inReport:
    "The rows that need a fix are in the batch's failed.csv: open the batch under Past batches on the console to fix them.",
  fixOnConsole: (link) => `Fix them on the batch's page in the console, where they open in a grid: ${link}`,
  alsoAttached: 'They are also in the attached failed.csv.',
  console: (link) => `See the batch in the console: ${link}`,
};

const AR: MailWords = {
  list: '، ',
  changed: (outcome, n) =>
    ({
      created: `أُنشئ ${n}`,
      updated: `حُدِّث ${n}`,
      status_changed: `تغيّرت حالة ${n}`,
      unchanged: `${n} دون تغيير`,
      skipped: `تُخطّي ${n}`,
    })[outcome],
  needFix: (n) => `${n} ${n === 1 ? 'يحتاج' : 'تحتاج'} إلى إصلاح`,
  nothingSynced: 'لم يُزامَن شيء',
  noRows: 'لا صفوف بيانات',
  nothingChanged: 'لا تغيير',
  couldNotSync: (file) => `تعذّرت مزامنة ${file}`,
  scheduleFailed: (job) => `تعذّر على المزامنة المجدولة ${job} جلب جدولها`,
  jobFileSkipped: (job) => `ملف المهمة ${job} غير صالح فتُرك`,
  test: 'إشعار تجريبي',
  headline: (status, batchId, problems) =>
    ({
      synced: `تمّت مزامنة الدفعة ${batchId}: انتهى كل صف على ما يرام.`,
      needs_fix: `انتهت الدفعة ${batchId}؛ ${problems === 1 ? 'صف واحد يحتاج' : `${problems} صفوف تحتاج`} إلى إصلاح.`,
      nothing_synced: `لم تُزامِن الدفعة ${batchId} شيئًا${problems > 0 ? `: كل صفوفها (${problems}) تحتاج إلى إصلاح` : ': لا صفوف بيانات تحت ترويسة يعرفها catalog-sync'}.`,
      unchanged: `انتهت الدفعة ${batchId}: لم يحتج شيء في المتجر إلى تغيير.`,
    })[status],
  failedHeadline: (batchId, message) => `تعذّر تشغيل الدفعة ${batchId}، ولم يُرسَل شيء: ${message}`,
  scheduleHeadline: (job, source, message) =>
    `تعذّر على المزامنة المجدولة ${job} جلب جدولها من ${source}، فلم يُزامَن شيء: ${message}\nستعمل مرة أخرى في موعدها التالي.`,
  jobFileHeadline: (file, message) =>
    `ملف المهمة ${file} غير صالح، فلم تُجدوَل مهمته: ${message}\nتستمر مهام المتجر الأخرى ومجلد الإسقاط والاستيراد. صحّح الملف؛ يجدولها العامل عند تشغيله التالي.`,
  testHeadline: (store) => `هذا إشعار تجريبي من catalog-sync للمتجر ${store}: البريد يصلك.`,
  labels: {
    batch: 'الدفعة',
    source: 'المصدر',
    file: 'الملف',
    rows: 'الصفوف',
    started: 'البداية',
    finished: 'النهاية',
  },
  firstProblems: (shown, all) => (shown === all ? 'المشكلات:' : `أول ${shown} مشكلة من ${all}:`),
  problem: (p) => `- الصف ${p.row}${p.column ? `، ${p.column}` : ''}: ${unprefixed(p)}`,
  readError: (message) => `انقطع الملف في منتصفه، ولم تُقرأ الصفوف بعد موضع الانقطاع: ${message}`,
  attached:
    'الصفوف التي تحتاج إلى إصلاح في الملف المرفق failed.csv: أصلحها في Excel واحفظه ثم ارفعه في لوحة التحكم من جديد (أو ضعه في صندوق الوارد)؛ تُرسل صفوفه وحدها.',
  inReport:
    'الصفوف التي تحتاج إلى إصلاح في failed.csv ضمن تقرير الدفعة: افتح الدفعة من الدفعات السابقة في لوحة التحكم لإصلاحها.',
  fixOnConsole: (link) => `أصلحها في صفحة الدفعة في لوحة التحكم، حيث تُفتح في جدول: ${link}`,
  alsoAttached: 'وهي أيضًا في الملف المرفق failed.csv.',
  console: (link) => `اعرض الدفعة في لوحة التحكم: ${link}`,
};

export const MAIL_WORDS: Readonly<Record<Lang, MailWords>> = { en: EN, ar: AR };
