/**
 * An upload's plan, made once as the sheet arrives and kept beside it: one read of the sheet
 * gives `validate`'s summary, every row's decision (sync/plan-row.ts) and the guard's verdict.
 * `<uploads>/<id>.plan.jsonl` holds the decisions, one a line in sheet order (the preview pages
 * through them); `<id>.plan.json` the summary, the decisions counted and the verdict (the page's
 * tiles and the guard at send time). The sheet is read again only to be sent, and the sync decides
 * each row by the same rule, against the same records unless a batch changed them meanwhile
 * (then the guard plans again: planIsCurrent).
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { AtomicFileStream, writeFileAtomic } from '../files/atomic-write.ts';
import { DEFAULT_KEY_COLUMN } from '../ledger/rules.ts';
import { inLang, type Lang } from '../messages/index.ts';
import {
  headerHasErrors,
  summaryBuilderOf,
  type ColumnMapping,
  type OpenedSheet,
  type PlanCounts,
  type SheetSummary,
} from '../sheet/index.ts';
import { GuardTally, type GuardVerdict } from '../sync/guard.ts';
import type { RowChange } from '../sync/plan-row.ts';
import { planSheet, type PlanSheetOptions } from '../sync/plan-sheet.ts';
import type { AbsentSetting } from '../sync/retire.ts';
import type { StoreDesk } from './desk.ts';
import type { StoredUpload } from './uploads.ts';
import type { SheetAnswer } from './answers/upload.ts';

export interface UploadPlan {
  /** When it was made (ms since the epoch): a batch that ended later may have changed the records. */
  madeAt: number;
  valid: boolean;
  /**
   * `validate`'s summary of each sheet read, with the plan's counts beside it, and how many
   * products of the records it retires (the upload's `absentStatus`: not in this sheet).
   */
  sheets: SheetAnswer[];
  guard: GuardVerdict;
  /** The upload's `absentStatus`: the plan retires what the sheet no longer lists. */
  absent?: AbsentSetting;
}

/** The page lists this many problem rows per sheet; the rest are counted (issuesLeftOut). */
const KEEP_ISSUES = 500;

/** The settings the console's batches are sent with (api.ts batchOptions' defaults). */
export const CONSOLE_PLAN: PlanSheetOptions['settings'] = {
  mode: 'full',
  keyColumn: DEFAULT_KEY_COLUMN,
  retryUnknown: false,
};

function planFiles(upload: Pick<StoredUpload, 'path' | 'uploadId'>): { rows: string; head: string } {
  // Beside the upload's folder, which holds the sheet alone (uploads.ts uploadById).
  const base = join(dirname(dirname(upload.path)), upload.uploadId);
  return { rows: `${base}.plan.jsonl`, head: `${base}.plan.json` };
}

function emptyCounts(): PlanCounts {
  return { create: 0, update: 0, status: 0, brand: 0, unchanged: 0, skipped: 0, invalid: 0 };
}

/** How a sheet is read: as the whole catalog (`absent`), and with the upload's column mapping. */
export interface UploadReading {
  absent?: AbsentSetting | undefined;
  columns?: ColumnMapping | undefined;
}

/**
 * Plans the whole upload (one read) and keeps the plan beside it. SheetFileError when it cannot be
 * read. With `absent` the sheet is taken as the whole catalog (sync/retire.ts); `columns` is the
 * upload's column mapping (upload-mapping.ts), when the aliases alone do not read it.
 */
export async function planUpload(
  upload: StoredUpload,
  desk: StoreDesk,
  lang: Lang,
  { absent, columns }: UploadReading = {},
): Promise<UploadPlan> {
  const madeAt = Date.now();
  const files = planFiles(upload);
  const tally = new GuardTally(desk.guard);
  const known = desk.ledger === null ? 0 : await desk.ledger.known();
  const sheets = new Map<
    OpenedSheet,
    {
      summary: ReturnType<typeof summaryBuilderOf>;
      plan: PlanCounts;
      columns: Readonly<Record<string, string>>;
      retired: number;
    }
  >();
  const out = new AtomicFileStream(files.rows);
  try {
    await planSheet(
      upload.path,
      desk.ledger,
      { maxTextLength: desk.maxTextLength, settings: CONSOLE_PLAN, categories: desk.categories.list, absent, columns },
      (change, sheetRow, sheet) => {
        let one = sheets.get(sheet);
        if (!one) {
          one = {
            summary: summaryBuilderOf(sheet, KEEP_ISSUES),
            plan: emptyCounts(),
            columns: sheet.columns ?? {},
            retired: 0,
          };
          sheets.set(sheet, one);
        }
        // A product retired is no row of the sheet: counted apart from its rows.
        if (sheetRow === null) one.retired++;
        else {
          one.summary.add(sheetRow);
          one.plan[change.action]++;
        }
        tally.add(change);
        // Waits while the stream's buffer is full: a 100,000-row plan never sits whole in memory.
        return out.write(Buffer.from(`${JSON.stringify(change)}\n`));
      },
    );
    await out.commit();
  } catch (error) {
    await out.abort();
    throw error;
  }
  const summaries = [...sheets.values()].map(({ summary, plan, columns, retired }) => ({
    ...inLangSummary(summary.summary, lang),
    plan,
    columns,
    retired,
  }));
  const plan: UploadPlan = {
    madeAt,
    valid: summaries.every((s) => s.invalidRows === 0 && !headerHasErrors(s)),
    sheets: summaries,
    guard: tally.verdict(known),
    ...(absent === undefined ? {} : { absent }),
  };
  await writeFileAtomic(files.head, JSON.stringify(plan));
  return plan;
}

/** The plan kept beside an upload, or null when there is none (an upload of an earlier version). */
export async function readUploadPlan(upload: StoredUpload): Promise<UploadPlan | null> {
  try {
    return JSON.parse(await readFile(planFiles(upload).head, 'utf8')) as UploadPlan;
  } catch {
    return null;
  }
}

/** A page of the upload's decisions, and how many rows it has; null without a plan. */
export async function planPage(
  upload: StoredUpload,
  offset: number,
  limit: number,
): Promise<{ rows: RowChange[]; total: number } | null> {
  const rows: RowChange[] = [];
  let total = 0;
  let lines;
  try {
    lines = createInterface({ input: createReadStream(planFiles(upload).rows, 'utf8'), crlfDelay: Infinity });
    for await (const line of lines) {
      if (line === '') continue;
      if (total >= offset && total < offset + limit) rows.push(JSON.parse(line) as RowChange);
      total++;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return { rows, total };
}

/**
 * Whether a plan still describes what a sync would do: made with the same `absent` as the batch
 * is sent with, no batch of the store ended since it was made (a batch changes the records it was
 * made against) and none is running now.
 */
export async function planIsCurrent(plan: UploadPlan, desk: StoreDesk, absent?: AbsentSetting): Promise<boolean> {
  if (plan.absent?.status !== absent?.status) return false;
  const batches = await desk.board.list();
  return batches.every((batch) => {
    if (batch.dryRun) return true;
    if (batch.status !== 'done' && batch.status !== 'failed') return false;
    const finished = batch.summary?.finishedAt;
    return finished !== undefined && Date.parse(finished) < plan.madeAt;
  });
}

function inLangSummary(summary: SheetSummary, lang: Lang): SheetSummary {
  return {
    ...summary,
    headerIssues: summary.headerIssues.map((issue) => inLang(issue, lang)),
    issues: summary.issues.map((issue) => inLang(issue, lang)),
  };
}
