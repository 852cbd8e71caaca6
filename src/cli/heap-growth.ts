/**
 * How far V8 lets the heap grow past what is live before its next full collection. On a machine
 * with much memory V8 allows up to 4x, and a sync makes a lot of short-lived garbage per row (rows
 * read ahead, request bodies and answers, report lines): a 100,000-row import peaked at 350 MB
 * (CSV) and 640 MB (XLSX) of RSS while about 120 MB was live. Growing by at most what is live
 * (a factor of 2) keeps the peak within twice the live set, so memory follows what a batch keeps,
 * not how many rows passed (bench/scale.ts, memory part). Collecting more often costs CPU (its cpu
 * part, 20,000 rows): +12% at 100, +35% at 50, which is why the bound is not tighter. Nor is it
 * looser: at 150 a 100,000-row XLSX import peaked at 436 MB of RSS, over its 400 MB goal (377 MB
 * at 100), as its shared strings are live for the whole sync.
 *
 * Unlike a fixed --max-old-space-size, the limit follows the live set, so a workbook whose shared
 * strings need more memory still gets it instead of running out. The flag is read at every
 * collection, so setting it as the process starts is enough; node's own --heap-growing-percent,
 * when given, wins.
 */
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 100;

export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((arg) => arg.startsWith('--heap-growing-percent') || arg.startsWith('--heap_growing_percent')))
    return;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
