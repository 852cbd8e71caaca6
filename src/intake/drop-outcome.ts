/**
 * What a finished drop file tells the person who dropped it (pure): a status that separates
 * "every row ended well" from "some rows need a fix" from "nothing was synced", and one line with
 * the counts, for `<name>.report.json` beside the file and for the watcher's console.
 */
import { OUTCOMES, type OutcomeCounts } from '../outcome.ts';
import { problemsIn, rowsStatus, type RowsStatus } from '../sync/tally.ts';

/**
 * - `synced`: every row ended well (created, updated, unchanged or skipped on purpose);
 * - `needs_fix`: some rows went through, some need a fix (`<name>.failed.csv` beside the file);
 * - `nothing_synced`: no row went through (no data rows at all, or every row has a problem);
 * - `unchanged`: the same content was synced before, so it was not synced again.
 */
export type DropStatus = RowsStatus | 'unchanged';

export const problemRows = problemsIn;

/** The rows' status (sync/tally.ts rowsStatus: the notifications say the same). */
export function dropStatusOf(total: number, counts: OutcomeCounts): RowsStatus {
  return rowsStatus(total, counts);
}

const rows = (n: number): string => (n === 1 ? '1 row' : `${n} rows`);

/** `batch B: 10 rows: created 8, invalid 2; 2 rows need a fix: see x.failed.csv beside it`. */
export function dropMessage(
  batchId: string,
  total: number,
  counts: OutcomeCounts,
  failedCsv: string | null,
  reportDir: string,
): string {
  const shown = OUTCOMES.filter((o) => counts[o] > 0).map((o) => `${o} ${counts[o]}`);
  const head = `batch ${batchId}: ${rows(total)}${shown.length > 0 ? `: ${shown.join(', ')}` : ''}`;
  const status = dropStatusOf(total, counts);
  if (total === 0) return `${head}; nothing was synced: no data rows under a header catalog-sync knows`;
  const problems = problemRows(counts);
  if (problems === 0) return `${head}; every row ended well`;
  const them = problems === 1 ? 'it' : 'them';
  const fix = failedCsv
    ? `fix ${them} in ${failedCsv} (beside the file) and drop that into the inbox again`
    : `the ${problems === 1 ? 'row is' : 'rows are'} in ${reportDir}/failed.csv`;
  const what =
    status === 'nothing_synced' ? 'nothing was synced' : `${rows(problems)} ${problems === 1 ? 'needs' : 'need'} a fix`;
  return `${head}; ${what}: ${fix}`;
}
