/**
 * `reconcile <batch>`: a batch's creates whose answer was lost, judged by its categories'
 * product_total before its first create and after its last row (verdict.ts). Where the counts leave
 * no doubt it changes them: none landed -> `failed` and their ledger claim released (`rerun` sends
 * them); all landed -> `created` and their ledger entry confirmed (never sent again). Everything
 * else stays `unknown`, with the reason. The ledger changes first, then the report is rewritten
 * (temp + rename), keeping every earlier outcome and message in summary.json `reconciled`.
 */
import { join } from 'node:path';
import type { Ledger } from '../../ledger/ledger.ts';
import { DEFAULT_KEY_COLUMN } from '../../ledger/rules.ts';
import { BatchReportWriter, REPORT_FILES } from '../../report/batch-report.ts';
import { readRowMessages } from '../../report/messages-file.ts';
import type { CountsSnapshot } from '../../report/category-counts.ts';
import type { CategoryFinding, ReconciledRow } from '../../report/reconciled.ts';
import { batchSummary, type BatchSummary } from '../../report/summary.ts';
import { writeFileAtomic } from '../../files/atomic-write.ts';
import { ref, said, type Said } from '../../messages/index.ts';
import type { RowResult } from '../../outcome.ts';
import type { CountsTaker } from '../category-counts.ts';
import { openBatchFolder } from './batch-folder.ts';
import { checkBatchStore, type StoreCheck } from '../batch-store.ts';
import { createFacts, movesCategory, reportedRows } from './batch-rows.ts';
import { batchDoubt, judgeCategory, reconciledResult } from './verdict.ts';

export interface ReconcileDeps {
  reportDir: string;
  /** The store this process talks to: a batch of another store is refused before anything is read from it. */
  storeCheck: StoreCheck;
  /** The categories call, for counts taken now when the batch has none "after". */
  takeCounts: CountsTaker;
  /** Opens the store's ledger (only once the batch is found); null when nothing is remembered of the store. */
  openLedger: () => Promise<Ledger | null>;
  /** The column that identifies a created product in the ledger (default: the batch's, from summary.json). */
  keyColumn?: string;
  clock?: () => number;
}

export interface ReconcileReport {
  batchId: string;
  reportDir: string;
  dryRun: boolean;
  categories: CategoryFinding[];
  /** Rows whose outcome changed (or, in a dry run, would change). */
  changed: ReconciledRow[];
  /** Rows whose create stays `unknown`. */
  leftUnknown: number[];
  /** The same rows with their category, whose finding says why they stay (the console shows it per row). */
  leftUnknownRows: { row: number; category: string }[];
  /** What makes the evidence weaker, or what reconcile left alone and why: as data, said in the reader's language. */
  warnings: Said[];
}

interface UnknownCreate {
  row: number;
  category: string;
  key: string | null;
  result: RowResult;
}

/**
 * Marks in our own messages of a batch resumed after its process stopped (ledger/rules.ts), in
 * either language a report may be written in (the catalogue's `ledger.confirmed`).
 */
const RESUMED = ['before its process stopped', 'قبل توقف عمليتها'];

export async function reconcileBatch(
  target: string,
  options: { dryRun: boolean },
  deps: ReconcileDeps,
): Promise<ReconcileReport> {
  const { dir, resultsCsv, summary } = await openBatchFolder(target, deps.reportDir);
  const { batchId } = summary;
  checkBatchStore(batchId, summary.store, deps.storeCheck);
  const keyColumn = deps.keyColumn ?? summary.keyColumn ?? DEFAULT_KEY_COLUMN;
  const warnings: Said[] = [];
  const read = await readCreates(resultsCsv, keyColumn, warnings);
  const { unknowns } = read;
  const { after, lateAfter } = await countsAfter(summary, unknowns.length, deps.takeCounts, warnings);
  const categories = judgeCategories(read, summary.categoryCounts, after);
  const findingOf = new Map(categories.map((finding) => [finding.category, finding]));
  const changes = new Map<number, Change>();
  for (const create of unknowns) {
    const result = reconciledResult(findingOf.get(create.category)!, create.result, batchId);
    if (result) changes.set(create.row, { create, result });
  }
  const changed: ReconciledRow[] = [...changes.values()].map(({ create, result }) => ({
    row: create.row,
    category: create.category,
    was: create.result.outcome,
    now: result.outcome,
    earlierMessage: create.result.message,
  }));
  const leftUnknownRows = unknowns
    .filter((create) => !changes.has(create.row))
    .map(({ row, category }) => ({ row, category }));
  const report = {
    batchId,
    reportDir: dir,
    dryRun: options.dryRun,
    categories,
    changed,
    leftUnknown: leftUnknownRows.map((left) => left.row),
    leftUnknownRows,
    warnings,
  };
  if (options.dryRun) return report;
  await applyChanges({ dir, resultsCsv, summary }, { categories, changes, changed, lateAfter, warnings }, deps);
  return report;
}

type Change = { create: UnknownCreate; result: RowResult };

/** What results.csv says of the batch's creates, per category, and what makes its evidence weaker. */
interface ReadCreates {
  tally: Map<string, { confirmed: number; unknown: number }>;
  unknowns: UnknownCreate[];
  /** Rows that moved a product between categories. */
  moved: number[];
  /** Whether the batch was resumed after its process stopped. */
  resumed: boolean;
}

async function readCreates(resultsCsv: string, keyColumn: string, warnings: Said[]): Promise<ReadCreates> {
  const tally = new Map<string, { confirmed: number; unknown: number }>();
  const unknowns: UnknownCreate[] = [];
  const moved: number[] = [];
  let resumed = false;
  for await (const { row, sheetRow, result } of reportedRows(resultsCsv)) {
    if (movesCategory(sheetRow, result.outcome)) moved.push(row);
    if (RESUMED.some((mark) => result.message.includes(mark))) resumed = true;
    if (result.outcome !== 'created' && result.outcome !== 'unknown') continue;
    const facts = createFacts(sheetRow, keyColumn);
    if (facts === null) {
      if (result.outcome === 'unknown' && sheetRow.plan === null)
        warnings.push(said('reconcile.warning.no_category', { row }));
      continue;
    }
    const counts = tally.get(facts.category) ?? { confirmed: 0, unknown: 0 };
    if (result.outcome === 'created') counts.confirmed += 1;
    else {
      counts.unknown += 1;
      unknowns.push({ row, ...facts, result });
    }
    tally.set(facts.category, counts);
  }
  return { tally, unknowns, moved, resumed };
}

/** The counts after the batch's last row: recorded, or (when they are missing) taken now, and said. */
async function countsAfter(
  summary: BatchSummary,
  unknowns: number,
  takeCounts: CountsTaker,
  warnings: Said[],
): Promise<{ after: CountsSnapshot | undefined; lateAfter: CountsSnapshot | undefined }> {
  const recorded = summary.categoryCounts;
  let after: CountsSnapshot | undefined = recorded?.after;
  let lateAfter: CountsSnapshot | undefined;
  if (recorded?.before && !after && unknowns > 0) {
    lateAfter = await takeCounts();
    after = lateAfter;
    warnings.push(
      said('reconcile.warning.counted_now', {
        problem: recorded.problem ?? ref('reconcile.warning.process_stopped', {}),
      }),
    );
  }
  if (!recorded?.before && unknowns > 0)
    warnings.push(
      said('reconcile.warning.no_before', {
        problem: recorded?.problem ?? ref('reconcile.warning.not_taken', {}),
      }),
    );
  return { after, lateAfter };
}

function judgeCategories(
  { tally, moved, resumed }: ReadCreates,
  recorded: BatchSummary['categoryCounts'],
  after: CountsSnapshot | undefined,
): CategoryFinding[] {
  const doubt = batchDoubt(moved, resumed);
  return [...tally.entries()]
    .sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
    .map(([category, counts]) =>
      judgeCategory(
        {
          category,
          before: recorded?.before?.totals[category] ?? null,
          after: after?.totals[category] ?? null,
          ...counts,
        },
        category === '' ? said('reconcile.reason.no_category', {}) : doubt,
      ),
    );
}

/** The ledger changes first, then the report (or, with no row changed, summary.json alone). */
async function applyChanges(
  { dir, resultsCsv, summary }: { dir: string; resultsCsv: string; summary: BatchSummary },
  found: {
    categories: CategoryFinding[];
    changes: Map<number, Change>;
    changed: ReconciledRow[];
    lateAfter: CountsSnapshot | undefined;
    warnings: Said[];
  },
  deps: ReconcileDeps,
): Promise<void> {
  const { categories, changes, changed, lateAfter, warnings } = found;
  const clock = deps.clock ?? Date.now;
  const ledger = changes.size > 0 ? await deps.openLedger() : null;
  if (ledger) warnings.push(...(await applyToLedger(ledger, summary.batchId, [...changes.values()])));
  const reconciled = {
    at: new Date(clock()).toISOString(),
    ...(lateAfter ? { lateAfter } : {}),
    categories: withEarlier(categories, summary.reconciled?.categories ?? []),
    rows: [...(summary.reconciled?.rows ?? []), ...changed],
  };
  const counts = { ...summary.counts };
  for (const { was, now } of changed) {
    counts[was] -= 1;
    counts[now] += 1;
  }
  const rewritten = batchSummary({ ...summary, counts, reconciled });
  if (changes.size === 0) {
    await writeFileAtomic(join(dir, REPORT_FILES.summary), `${JSON.stringify(rewritten, null, 2)}\n`);
    return;
  }
  await rewriteReport(dir, resultsCsv, changes, rewritten);
}

/**
 * This run's findings, keeping an earlier run's where this one has nothing left to decide (its
 * rows were changed then): the evidence of every change stays in summary.json.
 */
function withEarlier(findings: CategoryFinding[], earlier: readonly CategoryFinding[]): CategoryFinding[] {
  const kept = new Map(earlier.map((finding) => [finding.category, finding]));
  return findings.map((finding) =>
    finding.verdict === 'no_unknown' ? (kept.get(finding.category) ?? finding) : finding,
  );
}

/**
 * A row that never landed loses its claim (the next sync, or rerun, sends it); one that landed is
 * confirmed (never sent again). Only this batch's own unknown entry is touched: a key another
 * batch has written since is left as it is, and said.
 */
async function applyToLedger(
  ledger: Ledger,
  batchId: string,
  changes: { create: UnknownCreate; result: RowResult }[],
): Promise<Said[]> {
  const keyed = changes.filter((change) => change.create.key !== null);
  const entries = await ledger.getMany(keyed.map((change) => change.create.key!));
  const release: string[] = [];
  const confirm: [string, NonNullable<(typeof entries)[number]>][] = [];
  const warnings: Said[] = [];
  keyed.forEach(({ create, result }, i) => {
    const key = create.key!;
    const entry = entries[i];
    if (!entry || entry.batch !== batchId || entry.st === 'synced') {
      warnings.push(
        entry
          ? said('reconcile.warning.ledger_other', { row: create.row, batch: entry.batch, state: entry.st })
          : said('reconcile.warning.ledger_nothing', { row: create.row }),
      );
      return;
    }
    if (result.outcome === 'created') confirm.push([key, { ...entry, st: 'synced' }]);
    else release.push(key);
  });
  if (confirm.length > 0) await ledger.setMany(confirm);
  if (release.length > 0) await ledger.deleteMany(release);
  return warnings;
}

/** results.csv, results.xlsx and failed.csv again, from results.csv, with the changed rows' new results. */
async function rewriteReport(
  dir: string,
  resultsCsv: string,
  changes: ReadonlyMap<number, { result: RowResult }>,
  summary: BatchSummary,
): Promise<void> {
  let writer: BatchReportWriter | null = null;
  // The problem rows' messages as data, kept for the rows reconcile leaves as they were.
  const earlier = await readRowMessages(join(dir, REPORT_FILES.messages));
  try {
    for await (const { headers, row, cells, result } of reportedRows(resultsCsv)) {
      writer ??= await BatchReportWriter.open(dir, headers, summary.lang);
      const kept = earlier.get(row);
      const read =
        kept === undefined
          ? result
          : { ...result, messageKey: kept.messageKey, params: kept.params, ...(kept.code ? { code: kept.code } : {}) };
      const withColumn = kept?.column === undefined ? read : { ...read, column: kept.column };
      await writer.write({ row, cells, result: changes.get(row)?.result ?? withColumn });
    }
    if (!writer) throw new Error(`${resultsCsv}: no rows read back`);
    await writer.finish(summary);
  } catch (error) {
    await writer?.abort();
    throw error;
  }
}
