/**
 * The e-mail's subject and body, in English or Arabic (pure), written from the same event the
 * webhook sends: the store, the counts and the file in the subject (`riyadh-perfumes: 56 created,
 * 3 need a fix (products.xlsx)`), then the batch, its first problems, what to do about them and
 * where to look.
 */
import { JOB_FILE_INVALID, type NotifyEvent, type Problem, type EventCounts, type BatchStatus } from './event.ts';
import { OUTCOME_WORDS } from '../outcome-words.ts';
import type { Lang } from '../messages/index.ts';

export interface MailInput {
  event: NotifyEvent;
  lang: Lang;
  /** The store's name in `lang` (language.ts storeNameIn). */
  storeName: string;
  /** The console's address (CONSOLE_URL), for a link to the batch. */
  consoleUrl: string | null;
  /** The store's id in the stores file: the link opens the console on that store (`?store=<id>`). */
  consoleStore?: string | null;
  /** failed.csv goes with the mail. */
  attached: boolean;
}

export interface MailText {
  subject: string;
  text: string;
}

interface Words {
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
  headline: (status: BatchStatus, batchId: string, problems: number) => string;
  failedHeadline: (batchId: string, message: string) => string;
  scheduleHeadline: (job: string, source: string, message: string) => string;
  jobFileHeadline: (file: string, message: string) => string;
  testHeadline: (store: string) => string;
  labels: { batch: string; source: string; file: string; rows: string; started: string; finished: string };
  firstProblems: (shown: number, all: number) => string;
  problem: (p: Problem) => string;
  readError: (message: string) => string;
  /** Without the console's address: what to do with the attachment, in words (no command). */
  attached: string;
  inReport: string;
  /** With it: the batch's page, where the rows open in the fix grid. */
  fixOnConsole: (link: string) => string;
  alsoAttached: string;
  console: (link: string) => string;
}

const EN: Words = {
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
  problem: (p) => `- row ${p.row}${p.column ? `, ${p.column}` : ''}: ${p.message}`,
  readError: (message) => `The file broke part-way; the rows after the break were not read: ${message}`,
  attached:
    'The rows that need a fix are in the attached failed.csv: fix them in Excel, save, and upload that file on the console again (or drop it into the inbox); only its rows go.',
  inReport:
    "The rows that need a fix are in the batch's failed.csv: open the batch under Past batches on the console to fix them.",
  fixOnConsole: (link) => `Fix them on the batch's page in the console, where they open in a grid: ${link}`,
  alsoAttached: 'They are also in the attached failed.csv.',
  console: (link) => `See the batch in the console: ${link}`,
};

const AR: Words = {
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
  problem: (p) => `- الصف ${p.row}${p.column ? `، ${p.column}` : ''}: ${p.message}`,
  readError: (message) => `انقطع الملف في منتصفه، ولم تُقرأ الصفوف بعد موضع الانقطاع: ${message}`,
  attached:
    'الصفوف التي تحتاج إلى إصلاح في الملف المرفق failed.csv: أصلحها في Excel واحفظه ثم ارفعه في لوحة التحكم من جديد (أو ضعه في صندوق الوارد)؛ تُرسل صفوفه وحدها.',
  inReport:
    'الصفوف التي تحتاج إلى إصلاح في failed.csv ضمن تقرير الدفعة: افتح الدفعة من الدفعات السابقة في لوحة التحكم لإصلاحها.',
  fixOnConsole: (link) => `أصلحها في صفحة الدفعة في لوحة التحكم، حيث تُفتح في جدول: ${link}`,
  alsoAttached: 'وهي أيضًا في الملف المرفق failed.csv.',
  console: (link) => `اعرض الدفعة في لوحة التحكم: ${link}`,
};

const WORDS: Record<Lang, Words> = { en: EN, ar: AR };

const CHANGES = ['created', 'updated', 'status_changed', 'unchanged', 'skipped'] as const;
const PROBLEMS = ['invalid', 'failed', 'unknown'] as const;

function problemCount(counts: EventCounts): number {
  return PROBLEMS.reduce((sum, outcome) => sum + (counts[outcome] ?? 0), 0);
}

/** `56 created, 3 need a fix`: the store's changes first (what did something, else what did not), then the rows to fix. */
function countsPhrase(w: Words, status: BatchStatus, total: number, counts: EventCounts): string {
  const problems = problemCount(counts);
  if (status === 'unchanged') return w.nothingChanged;
  if (status === 'nothing_synced') return [w.nothingSynced, problems > 0 ? w.needFix(problems) : w.noRows].join(w.list);
  const changed = CHANGES.slice(0, 3).filter((o) => (counts[o] ?? 0) > 0);
  const shown = changed.length > 0 ? changed : CHANGES.filter((o) => (counts[o] ?? 0) > 0);
  const parts = shown.map((o) => w.changed(o, counts[o] ?? 0));
  if (problems > 0) parts.push(w.needFix(problems));
  return parts.length > 0 ? parts.join(w.list) : w.changed('unchanged', total);
}

function countsLine(w: Words, lang: Lang, total: number, counts: EventCounts): string {
  const words: Readonly<Record<string, string>> = OUTCOME_WORDS[lang];
  const parts = Object.entries(counts)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([outcome, n]) => `${words[outcome] ?? outcome} ${n}`);
  return parts.length > 0 ? `${total}: ${parts.join(w.list)}` : String(total);
}

function consoleLink(input: MailInput, batchId: string): string | null {
  if (!input.consoleUrl) return null;
  const store = input.consoleStore ? `?store=${encodeURIComponent(input.consoleStore)}` : '';
  return `${input.consoleUrl}/${store}#batch=${encodeURIComponent(batchId)}`;
}

/** What to do about the rows that need a fix: on the batch's page when the console has an address, else with the file. */
function fixLines(w: Words, attached: boolean, link: string | null): string[] {
  if (link) return attached ? [w.fixOnConsole(link), w.alsoAttached] : [w.fixOnConsole(link)];
  return [attached ? w.attached : w.inReport];
}

export function mailText(input: MailInput): MailText {
  const w = WORDS[input.lang];
  const { event, storeName } = input;
  const lines: string[] = [];
  let subject: string;
  switch (event.type) {
    case 'batch.finished': {
      const d = event.data;
      const problems = problemCount(d.counts);
      subject = `${storeName}: ${countsPhrase(w, d.status, d.total, d.counts)} (${d.file})`;
      lines.push(w.headline(d.status, d.batchId, problems), '');
      lines.push(
        `${w.labels.batch}: ${d.batchId}`,
        `${w.labels.source}: ${d.source}`,
        `${w.labels.file}: ${d.file}`,
        `${w.labels.rows}: ${countsLine(w, input.lang, d.total, d.counts)}`,
        `${w.labels.started}: ${d.startedAt}`,
        `${w.labels.finished}: ${d.finishedAt}`,
      );
      if (d.readError) lines.push('', w.readError(d.readError.message));
      if (d.problems.length > 0) {
        lines.push('', w.firstProblems(d.problems.length, problems), ...d.problems.map(w.problem));
      }
      const link = consoleLink(input, d.batchId);
      if (problems > 0) lines.push('', ...fixLines(w, input.attached, link));
      else if (link) lines.push('', w.console(link));
      break;
    }
    case 'batch.failed': {
      const d = event.data;
      subject = `${storeName}: ${w.couldNotSync(d.file)}`;
      lines.push(w.failedHeadline(d.batchId, d.error.message), '');
      lines.push(`${w.labels.batch}: ${d.batchId}`, `${w.labels.source}: ${d.source}`, `${w.labels.file}: ${d.file}`);
      const link = consoleLink(input, d.batchId);
      if (link) lines.push('', w.console(link));
      break;
    }
    case 'schedule.failed': {
      const d = event.data;
      if (d.error.code === JOB_FILE_INVALID) {
        subject = `${storeName}: ${w.jobFileSkipped(d.job)}`;
        lines.push(w.jobFileHeadline(d.source, d.error.message));
        break;
      }
      subject = `${storeName}: ${w.scheduleFailed(d.job)}`;
      lines.push(w.scheduleHeadline(d.job, d.source, d.error.message));
      break;
    }
    case 'notification.test':
      subject = `${storeName}: ${w.test}`;
      lines.push(w.testHeadline(storeName));
      break;
  }
  return { subject, text: `${lines.join('\n')}\n` };
}
