/**
 * What both transports do before the first row: open the sheet, name the batch, check the
 * store answers (credentials, and for dry runs the categories and product_limit), build the batch ledger.
 */
import type { Category } from '../api-types.ts';
import { openSheet, type CategorySource, type OpenedSheet, type SheetOpener } from '../sheet/index.ts';
import { headerFileError } from '../sheet/header-error.ts';
import type { SheetRowResult } from '../sheet/types.ts';
import type { StoreApi } from '../store/types.ts';
import { DEFAULT_KEY_COLUMN } from '../ledger/rules.ts';
import { newBatchId } from './batch-id.ts';
import type { DryRunFacts } from './dry-run.ts';
import { NO_LEDGER, type BatchLedger, type BatchLedgerFactory, type LedgerSettings } from '../ledger/batch-ledger.ts';
import { DEFAULT_LEDGER_SETTINGS, type BatchInfo, type SyncRequest } from './types.ts';

/** src/sheet's reader and mapper; tests and benches may pass another opener. */
export const defaultOpenSheet: SheetOpener = (file, options) => openSheet(file, options);

/** Opens the sheet; a header the mapper cannot use (e.g. two columns for one field) stops the batch. */
export async function openRequestSheet(
  request: SyncRequest,
  opener: SheetOpener = defaultOpenSheet,
  maxTextLength?: number,
  categories?: CategorySource,
): Promise<OpenedSheet> {
  const sheet = await opener(request.file, {
    columns: request.columns,
    sheet: request.sheet,
    maxTextLength,
    keyColumn: request.ledger?.keyColumn,
    categories,
  });
  const headerErrors = sheet.headerIssues.filter((issue) => issue.severity === 'error');
  if (headerErrors.length > 0) {
    await sheet.close();
    // Written in the batch's language, as before; its key tells it in a reader's.
    throw headerFileError(request.file, headerErrors, request.lang ?? 'en');
  }
  return sheet;
}

export function batchInfoFor(request: SyncRequest, sheet: OpenedSheet, nowMs: number): BatchInfo {
  return {
    batchId: request.batchId ?? newBatchId(nowMs),
    source: request.source ?? request.file,
    file: request.file,
    kind: sheet.kind,
    ...(sheet.sheetName ? { sheet: { name: sheet.sheetName, hiddenSkipped: sheet.hiddenSheetsSkipped } } : {}),
  };
}

/** The request's ledger settings, with the sheet's row signature (the delta sync's cheap change check). */
export function ledgerSettingsOf(request: SyncRequest, sheet: Pick<OpenedSheet, 'rowSignature'>): LedgerSettings {
  const settings = request.ledger ?? DEFAULT_LEDGER_SETTINGS;
  return { ...settings, rowSignature: sheet.rowSignature };
}

export function buildBatchLedger(settings: LedgerSettings, factory: BatchLedgerFactory | undefined): BatchLedger {
  return factory ? factory(settings) : NO_LEDGER;
}

/** summary.json's keyColumn: named only when the batch chose another than the default. */
export function customKeyColumn(settings: Pick<LedgerSettings, 'keyColumn'> | undefined): string | undefined {
  const column = settings?.keyColumn ?? DEFAULT_KEY_COLUMN;
  return column === DEFAULT_KEY_COLUMN ? undefined : column;
}

/** Rows a re-run keeps: matched on the row number the person first saw. */
export function wantsRow(request: SyncRequest, row: SheetRowResult): boolean {
  return !request.onlyRows || request.onlyRows.has(row.originalRow ?? row.row);
}

/**
 * The store's category list asked for at most once: one batch's names (every sheet and pass of it)
 * and its dry run's check share the one answer. A failed call is asked again by the next caller.
 */
export function categoryListOnce(client: Pick<StoreApi, 'listCategories'>): CategorySource {
  let list: Promise<readonly Category[]> | null = null;
  return () => {
    list ??= client.listCategories().catch((error: unknown) => {
      list = null;
      throw error;
    });
    return list;
  };
}

/** One login plus a category list: credentials work, categories exist, product_limit headroom. */
export async function fetchDryRunFacts(
  client: StoreApi,
  list: CategorySource = categoryListOnce(client),
): Promise<DryRunFacts> {
  const session = await client.authorize();
  const categories = await list();
  const existing = categories.reduce((sum, c) => sum + (Number.isFinite(c.product_total) ? c.product_total : 0), 0);
  const limit = session.store.product_limit;
  return {
    categoryIds: new Set(categories.map((c) => c.category_id)),
    createsAllowed: limit === null ? null : Math.max(0, limit - existing),
  };
}
