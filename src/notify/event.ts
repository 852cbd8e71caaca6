/**
 * What a notification says (pure): the event, built from facts the batch already has. One shape
 * for every channel: the webhook's body is this JSON, the e-mail is written from it. It never
 * holds a password, a token, the store's third-party keys or a row's cells: the store by its id,
 * URL and name, and each problem by its row, column and message.
 */
import { basename } from 'node:path';
import { DRY_RUN_OUTCOMES, OUTCOMES, type Outcome } from '../outcome.ts';
import type { BatchSummary } from '../report/summary.ts';
import { storeScope, type StoreIdentity } from '../store/identity.ts';
import { rowsStatus, type RowsStatus } from '../sync/tally.ts';
import type { Lang } from '../messages/index.ts';
import type { EventType } from './delivery-view.ts';

/**
 * A finished batch: the rows' status (synced, needs_fix, nothing_synced), or `unchanged` when
 * every row ended well and none changed the store (a delta sync of a sheet synced before).
 */
export type BatchStatus = RowsStatus | 'unchanged';

/** The first problems listed in an event. */
export const PROBLEMS_LISTED = 20;

/** A message longer than this is cut (a store's answer can be long). */
const MESSAGE_CHARS = 500;

export interface EventStore {
  /** store/identity.ts storeScope: the same for the same store and account, everywhere. */
  id: string;
  url: string;
  name: string | null;
}

export interface Problem {
  /** The row number Excel shows. */
  row: number;
  /** The column at fault, when the problem is one column's. */
  column: string | null;
  message: string;
}

/** The outcomes a synced batch can have (a dry run's are left out: dry runs notify nobody). */
export type EventCounts = Partial<Record<Outcome, number>>;

export interface EventError {
  code: string;
  message: string;
}

export interface BatchFinishedData {
  batchId: string;
  store: EventStore;
  source: string;
  /** The file's name (not its path on this machine). */
  file: string;
  status: BatchStatus;
  total: number;
  counts: EventCounts;
  startedAt: string;
  finishedAt: string;
  problems: Problem[];
  /** The file broke part-way: the rows after the break were not read. */
  readError?: EventError;
}

export interface BatchFailedData {
  batchId: string;
  store: EventStore;
  source: string;
  file: string;
  status: 'failed';
  total: 0;
  counts: EventCounts;
  startedAt: string;
  finishedAt: string;
  problems: Problem[];
  error: EventError;
}

/**
 * schedule.failed's error code for a job file that does not check (a bad source, a bad cron): the
 * job is skipped, the store's other work goes on. `job` is then the file's name, `source` its path.
 */
export const JOB_FILE_INVALID = 'job_file_invalid';

export interface ScheduleFailedData {
  job: string;
  store: EventStore;
  /** The job's source, an https URL without its query (it may hold a token). */
  source: string;
  error: EventError;
}

export interface TestData {
  store: EventStore;
  message: string;
}

interface EventOf<T extends EventType, D> {
  type: T;
  /** When it happened (ISO 8601): the same on every attempt. */
  timestamp: string;
  data: D;
}

export type NotifyEvent =
  | EventOf<'batch.finished', BatchFinishedData>
  | EventOf<'batch.failed', BatchFailedData>
  | EventOf<'schedule.failed', ScheduleFailedData>
  | EventOf<'notification.test', TestData>;

export function eventStore(store: StoreIdentity, name?: string): EventStore {
  return { id: storeScope(store), url: store.url, name: name ?? store.name ?? null };
}

export function batchStatus(summary: Pick<BatchSummary, 'total' | 'counts' | 'readError'>): BatchStatus {
  const status = rowsStatus(summary.total, summary.counts);
  // Rows after a break were never read: some of the file still needs a fix.
  if (status === 'synced' && summary.readError) return 'needs_fix';
  if (status !== 'synced') return status;
  const { created, updated, status_changed: changed } = summary.counts;
  return created + updated + changed === 0 ? 'unchanged' : 'synced';
}

/** Every outcome of a synced batch, zeros too (a receiver reads the same keys every time). */
function eventCounts(counts: BatchSummary['counts'] | null): EventCounts {
  const shown: EventCounts = {};
  for (const outcome of OUTCOMES) if (!DRY_RUN_OUTCOMES.has(outcome)) shown[outcome] = counts?.[outcome] ?? 0;
  return shown;
}

function cut(message: string): string {
  return message.length <= MESSAGE_CHARS ? message : `${message.slice(0, MESSAGE_CHARS - 1)}…`;
}

export function problemOf(row: number, column: string | null, message: string): Problem {
  return { row, column, message: cut(message) };
}

export function batchFinished(summary: BatchSummary, problems: readonly Problem[], store: EventStore): NotifyEvent {
  return {
    type: 'batch.finished',
    timestamp: summary.finishedAt,
    data: {
      batchId: summary.batchId,
      store,
      source: summary.source,
      file: basename(summary.file),
      status: batchStatus(summary),
      total: summary.total,
      counts: eventCounts(summary.counts),
      startedAt: summary.startedAt,
      finishedAt: summary.finishedAt,
      problems: problems.slice(0, PROBLEMS_LISTED),
      ...(summary.readError
        ? { readError: { code: summary.readError.code, message: cut(summary.readError.message) } }
        : {}),
    },
  };
}

export interface FailedBatchFacts {
  batchId: string;
  source: string;
  file: string;
  startedAt: string;
  finishedAt: string;
  error: ToldError;
}

/** An error as a notification is told it: `textIn` gives the message in a language (a file's error has its words in each). */
export type ToldError = EventError & { textIn?: (lang: Lang) => string };

/** The error with its message in `lang`, as the event carries it. */
export function errorIn(error: ToldError, lang: Lang): EventError {
  return { code: error.code, message: error.textIn?.(lang) ?? error.message };
}

export function batchFailed(facts: FailedBatchFacts, store: EventStore): NotifyEvent {
  return {
    type: 'batch.failed',
    timestamp: facts.finishedAt,
    data: {
      batchId: facts.batchId,
      store,
      source: facts.source,
      file: basename(facts.file),
      status: 'failed',
      total: 0,
      counts: eventCounts(null),
      startedAt: facts.startedAt,
      finishedAt: facts.finishedAt,
      problems: [],
      error: { code: facts.error.code, message: cut(facts.error.message) },
    },
  };
}

export interface FailedScheduleFacts {
  job: string;
  source: string;
  at: string;
  error: ToldError;
}

export function scheduleFailed(facts: FailedScheduleFacts, store: EventStore): NotifyEvent {
  return {
    type: 'schedule.failed',
    timestamp: facts.at,
    data: {
      job: facts.job,
      store,
      source: shownSource(facts.source),
      error: { code: facts.error.code, message: cut(facts.error.message) },
    },
  };
}

export function testEvent(store: EventStore, at: string): NotifyEvent {
  return {
    type: 'notification.test',
    timestamp: at,
    data: { store, message: 'A test notification from catalog-sync: this channel works.' },
  };
}

/** A URL source (https, sftp) as shown: without user, query or fragment (a token may be there). */
export function shownSource(source: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) return source;
  try {
    const url = new URL(source);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return source.replace(/[?#].*$/, '');
  }
}

/** The batch an event is about, if any. */
export function batchOf(event: NotifyEvent): string | null {
  return event.type === 'batch.finished' || event.type === 'batch.failed' ? event.data.batchId : null;
}
