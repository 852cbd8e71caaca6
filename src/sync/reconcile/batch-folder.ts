/** The batch reconcile works on: a batch id under the report folder, or a batch's report folder. */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { REPORT_FILES } from '../../report/batch-report.ts';
import type { BatchSummary } from '../../report/summary.ts';

/** The argument names no finished batch: the CLI exits 2 with the message. */
export class ReconcileError extends Error {
  override readonly name = 'ReconcileError';
}

export interface BatchFolder {
  dir: string;
  resultsCsv: string;
  summary: BatchSummary;
}

async function isDir(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

export async function openBatchFolder(arg: string, reportDir: string): Promise<BatchFolder> {
  const dir = (await isDir(arg)) ? arg : join(reportDir, arg);
  if (arg.trim() === '' || !(await isDir(dir)))
    throw new ReconcileError(`${arg}: no such batch id or report folder (looked in ${reportDir})`);
  let summary: BatchSummary;
  try {
    summary = JSON.parse(await readFile(join(dir, REPORT_FILES.summary), 'utf8')) as BatchSummary;
  } catch {
    throw new ReconcileError(`${dir}: has no readable summary.json (was the batch finished?)`);
  }
  const resultsCsv = join(dir, REPORT_FILES.resultsCsv);
  if (
    typeof summary.batchId !== 'string' ||
    !(await stat(resultsCsv).then(
      (s) => s.isFile(),
      () => false,
    ))
  )
    throw new ReconcileError(`${dir}: not a catalog-sync batch report (no batchId or no results.csv)`);
  if (summary.dryRun) throw new ReconcileError(`batch ${summary.batchId} is a dry run: it sent nothing`);
  return { dir, resultsCsv, summary };
}
