/**
 * What one part of the page tells the others, as DOM events on `document`: the parts stay
 * independent modules (no import cycle) and a test can listen too.
 */
import type { BatchJson, UploadAnswer } from './types.ts';

export interface PageEvents {
  /** A new sheet was uploaded: every table of the previous one goes. */
  'sheet-uploaded': UploadAnswer;
  /** The page follows this batch now. */
  'batch-followed': { batchId: string };
  /** The batch shown ended, with its last progress. */
  'batch-end': BatchJson;
  /** A finished batch's unknown creates were settled (reconcile.ts): the batch as its report says now. */
  'batch-reconciled': BatchJson;
}

export function emit<K extends keyof PageEvents>(name: K, detail: PageEvents[K]): void {
  document.dispatchEvent(new CustomEvent(name, { detail }));
}

export function on<K extends keyof PageEvents>(name: K, listener: (detail: PageEvents[K]) => void): void {
  document.addEventListener(name, (event) => listener((event as CustomEvent<PageEvents[K]>).detail));
}
