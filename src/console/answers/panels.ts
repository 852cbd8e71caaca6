/**
 * What the page's three panels are answered (`GET /api/schedules`, `/api/drop`, `/api/store`):
 * shared by the server (schedules.ts, drop-panel.ts, store-panel.ts) and the page; type-only,
 * importing nothing of Node.
 */
import type { LastDownload } from '../../intake/sources/last-download.ts';
import type { OutcomeCounts } from '../../outcome.ts';
import type { BatchStatus } from './batch.ts';

export interface ScheduleView {
  name: string;
  cron: string;
  /** The zone the cron is read in: the job's own, else the store's. */
  timezone: string;
  mode: 'delta' | 'full';
  /** The job's sheet: a path, or an https URL without its query (which may hold a token). */
  source: string;
  /** The next run (ISO 8601, UTC). */
  next: string;
  /** The next run as the store's clock shows it: `YYYY-MM-DD HH:mm`. */
  nextInStoreZone: string;
  /** Whether a worker registered the job with the queue (with Redis); the next run is then BullMQ's. */
  registered: boolean;
  /** The job's last download (when, how big, which file, from where: never a secret), or null. */
  lastDownload: LastDownload | null;
  /** The newest batch this job made (source `job:<name>`), or null. */
  lastBatch: { batchId: string; status: BatchStatus; total: number | null; counts: OutcomeCounts } | null;
}

export interface SchedulesView {
  storeTimeZone: string;
  schedules: ScheduleView[];
  /** Job files that do not check: the worker skips them, the other jobs run (the message names file and key). */
  skipped: { file: string; key: string | null; message: string }[];
}

export interface StoreView {
  store_name: string;
  store_name_ar: string;
  time_zone: string;
  categories: { category_id: number; category_name: string; category_name_ar: string | null; product_total: number }[];
  limits: {
    /** The sum of the categories' product_total against product_limit (null: the store states none). */
    products: { used: number; limit: number | null };
    categories: { used: number; limit: number | null };
  };
  /** Requests per second, and where that figure comes from (`store`: kept in Redis for every process). */
  rate: { perSecond: number; source: 'store' | 'given' | 'default' };
}

export interface DropFileView {
  /** The name it was dropped with. */
  name: string;
  /** When it was claimed from the inbox (processing, done, failed) or last written (inbox). */
  at: string;
  bytes: number;
  /** done: the report's status (synced, needs_fix, nothing_synced, unchanged); failed: `failed`. */
  status?: string;
  batchId?: string;
  total?: number;
  counts?: OutcomeCounts | null;
  /** done: the report's message; failed: the error text. */
  message?: string;
}

export interface DropFolderView {
  /** Files in the folder (not counting reports beside them). */
  total: number;
  files: DropFileView[];
}

export interface DropView {
  inbox: DropFolderView;
  processing: DropFolderView;
  done: DropFolderView;
  failed: DropFolderView;
}
