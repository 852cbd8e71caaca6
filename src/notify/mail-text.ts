/**
 * The e-mail's subject and body, in English or Arabic (pure), written from the same event the
 * webhook sends: the store, the counts and the file in the subject (`riyadh-perfumes: 56 created,
 * 3 need a fix (products.xlsx)`), then the batch, its first problems, what to do about them and
 * where to look.
 */
import { JOB_FILE_INVALID, type NotifyEvent, type EventCounts, type BatchStatus } from './event.ts';
import { OUTCOME_WORDS } from '../messages/outcome-words.ts';
import type { Lang } from '../messages/index.ts';
import { MAIL_WORDS, type MailWords } from '../messages/mail.ts';

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

const CHANGES = ['created', 'updated', 'status_changed', 'unchanged', 'skipped'] as const;
const PROBLEMS = ['invalid', 'failed', 'unknown'] as const;

function problemCount(counts: EventCounts): number {
  return PROBLEMS.reduce((sum, outcome) => sum + (counts[outcome] ?? 0), 0);
}

/** `56 created, 3 need a fix`: the store's changes first (what did something, else what did not), then the rows to fix. */
function countsPhrase(w: MailWords, status: BatchStatus, total: number, counts: EventCounts): string {
  const problems = problemCount(counts);
  if (status === 'unchanged') return w.nothingChanged;
  if (status === 'nothing_synced') return [w.nothingSynced, problems > 0 ? w.needFix(problems) : w.noRows].join(w.list);
  const changed = CHANGES.slice(0, 3).filter((o) => (counts[o] ?? 0) > 0);
  const shown = changed.length > 0 ? changed : CHANGES.filter((o) => (counts[o] ?? 0) > 0);
  const parts = shown.map((o) => w.changed(o, counts[o] ?? 0));
  if (problems > 0) parts.push(w.needFix(problems));
  return parts.length > 0 ? parts.join(w.list) : w.changed('unchanged', total);
}

function countsLine(w: MailWords, lang: Lang, total: number, counts: EventCounts): string {
  const words: Readonly<Record<string, string>> = OUTCOME_WORDS[lang];
  const parts = Object.entries(counts)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([outcome, n]) => `${words[outcome] ?? outcome} ${n}`);
  return parts.length > 0 ? `${total}: ${parts.join(w.list)}` : String(total);
}

/** The batch's own page on the console (src/console/batch-page.ts), where its rows open in the fix grid. */
function consoleLink(input: MailInput, batchId: string): string | null {
  if (!input.consoleUrl) return null;
  const store = input.consoleStore ? `?store=${encodeURIComponent(input.consoleStore)}` : '';
  return `${input.consoleUrl}/batches/${encodeURIComponent(batchId)}${store}`;
}

/** What to do about the rows that need a fix: on the batch's page when the console has an address, else with the file. */
function fixLines(w: MailWords, attached: boolean, link: string | null): string[] {
  if (link) return attached ? [w.fixOnConsole(link), w.alsoAttached] : [w.fixOnConsole(link)];
  return [attached ? w.attached : w.inReport];
}

export function mailText(input: MailInput): MailText {
  const w = MAIL_WORDS[input.lang];
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
