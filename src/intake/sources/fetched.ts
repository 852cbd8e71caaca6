/** What fetching a job's sheet gives: a file to read (and what to do once its batches are reported), or nothing new. */
import type { LastDownload } from './last-download.ts';

export interface FetchLimits {
  /** @defaultValue 200 MB */
  maxBytes?: number;
  /** Whole download. @defaultValue 120000 */
  timeoutMs?: number;
  /** @defaultValue 5 */
  maxRedirects?: number;
  /**
   * Between a folder file's two looks (a writer still at it changes its size or time meanwhile).
   * @defaultValue waits 2 s
   */
  settle?: () => Promise<void>;
}

export interface FetchedSheet {
  kind: 'sheet';
  path: string;
  /** Where the batch says it came from (`job:<name> <from>`); null for a plain local path. */
  from: string | null;
  /** What was taken; null for a plain local path, read where it lies. */
  download: LastDownload | null;
  /** Once every batch of the sheet is reported: a folder file's `after:`, and it is remembered as taken. */
  finish(): Promise<void>;
  /** Removes the temp copy. */
  cleanup(): Promise<void>;
}

export interface NothingNew {
  kind: 'nothing';
  /** Why: no new file, or the newest still being written. */
  message: string;
}

export type FetchedSource = FetchedSheet | NothingNew;

export const noop = (): Promise<void> => Promise.resolve();
