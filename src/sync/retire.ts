/**
 * Retiring what a full feed no longer lists (a job's or upload's `absent`, import's
 * `--absent-status`): once a sheet that is the whole catalog has been read whole, every product
 * of the store's records that has a product_id and that the sheet does not list, by any of its
 * keys, is given the chosen status, in the same batch, as a status change like any other row.
 * Only products catalog-sync knows are touched (the API cannot list the store's products); one
 * its record says is at that status already is left alone. The planner shows them (preview,
 * upload summary, dry run) and the guard counts them; the engine sends them after the sheet's
 * rows. A sheet not read whole retires nothing: the callers ask only after a whole read.
 */
import type { LedgerEntry, ProductRecords } from '../ledger/ledger.ts';
import { productKey } from '../ledger/links.ts';
import { recordKeysOf } from '../ledger/rules.ts';
import { sameValue } from '../ledger/values.ts';
import { ref, saidOf } from '../messages/index.ts';
import type { RowResult } from '../outcome.ts';
import type { RowPlan, SheetRowResult } from '../sheet/types.ts';
import type { RowChange } from './plan-row.ts';

/** The status a product the sheet no longer lists is given (the store's own values: 0 is usual for "off"). */
export interface AbsentSetting {
  status: number;
}

/** A product the records know that the sheet does not list: its id and the status last sent (null: never). */
export interface Retirement {
  id: number;
  before: unknown;
}

/**
 * The keys a sheet lists its products by, gathered as its rows are read: a row's product key and
 * create key, as the ledger knows them. A row that is not valid (or a planned skip) still lists
 * its product: every cell of it is taken as a product_id and as a key value, so a feed with one
 * bad row never retires the product that row is about.
 */
export class ListedKeys {
  private readonly keys = new Set<string>();

  constructor(private readonly keyColumn: string) {}

  add(sheetRow: SheetRowResult): void {
    const plan = sheetRow.plan;
    if (plan !== null && plan.kind !== 'skip') {
      const { own, link } = recordKeysOf(plan, this.keyColumn);
      if (own !== null) this.keys.add(own);
      if (link !== null) this.keys.add(link);
      return;
    }
    for (const cell of sheetRow.cells) {
      const text = cell.trim();
      if (text === '') continue;
      this.keys.add(`p:${text}`);
      this.keys.add(`k:${this.keyColumn}:${text}`);
    }
  }

  /** Whether the sheet names the product by its id or by a key its record is linked to. */
  lists(id: number, entry: LedgerEntry): boolean {
    return this.keys.has(productKey(id)) || (entry.ln ?? []).some((key) => this.keys.has(key));
  }
}

/**
 * The products to retire, by product_id: a Redis HSCAN hands entries over in an order of its own
 * (and may hand one over twice while the hash grows), so the preview, the dry run, the report and a
 * resumed batch would otherwise number the same retirements differently. Gathered whole (an id and
 * a status each) to be sorted: a few MB for 100,000 retirements, which the guard holds anyway.
 */
export async function* retirementsOf(
  records: ProductRecords,
  listed: ListedKeys,
  absent: AbsentSetting,
): AsyncIterable<Retirement> {
  const found = new Map<number, Retirement>();
  for await (const { id, entry } of records.products()) {
    if (found.has(id) || listed.lists(id, entry)) continue;
    const before = entry.v?.product_status;
    if (sameValue(before, absent.status)) continue;
    found.set(id, { id, before: before ?? null });
  }
  yield* [...found.values()].sort((a, b) => a.id - b.id);
}

/** The status change a retirement is sent as; its note says why in the row's report. */
export function retirementPlan(retirement: Retirement, absent: AbsentSetting): RowPlan {
  const reason = ref('retired.not_in_sheet', { id: retirement.id });
  return {
    kind: 'status',
    payload: { product_id: retirement.id, product_status: absent.status },
    note: saidOf(reason).message,
    notes: [reason],
  };
}

/** A retirement as the planner shows it (preview, upload summary) and the guard counts it. */
export function retirementChange(row: number, retirement: Retirement, absent: AbsentSetting): RowChange {
  return {
    row,
    action: 'status',
    changes: [{ field: 'product_status', before: retirement.before, after: absent.status }],
    seen: true,
    retired: retirement.id,
    ...saidOf(ref('retired.not_in_sheet', { id: retirement.id })),
  };
}

/**
 * The sheet row a retirement is reported as: after the sheet's last row (`row`), its cells empty
 * but the product_id's column when the sheet has one by that name.
 */
export function retirementRow(
  row: number,
  retirement: Retirement,
  absent: AbsentSetting,
  headers: readonly string[],
): SheetRowResult & { plan: RowPlan } {
  const cells = headers.map((header) => (header.trim().toLowerCase() === 'product_id' ? String(retirement.id) : ''));
  return { row, cells, plan: retirementPlan(retirement, absent), issues: [] };
}

/**
 * What a batch retires, watching its sheet's rows go by: once the sheet is read whole, the rows
 * of the products it no longer lists, numbered on from its last row, each sent as a status change.
 */
export class SheetRetirer {
  private readonly listed: ListedKeys;
  private lastRow = 1;

  constructor(
    private readonly absent: AbsentSetting,
    private readonly records: ProductRecords,
    keyColumn: string,
    private readonly headers: readonly string[],
  ) {
    this.listed = new ListedKeys(keyColumn);
  }

  add(sheetRow: SheetRowResult): void {
    this.listed.add(sheetRow);
    this.lastRow = Math.max(this.lastRow, sheetRow.row);
  }

  /** Only once the sheet was read whole: a read that stopped part-way must not ask. */
  async *rows(): AsyncIterable<SheetRowResult & { plan: RowPlan }> {
    for await (const retirement of retirementsOf(this.records, this.listed, this.absent))
      yield retirementRow(++this.lastRow, retirement, this.absent, this.headers);
  }
}

/**
 * The retirer of a batch that asks for one and may (sync/retire.ts retiresWith), over its batch
 * ledger's records; null otherwise, or when the batch keeps no records (nothing known to retire).
 */
export function sheetRetirerOf(
  request: { absent?: AbsentSetting | undefined; onlyRows?: ReadonlySet<number> | undefined },
  sheet: { kind: string; headers: readonly string[] },
  records: Partial<ProductRecords> | null,
  keyColumn: string,
): SheetRetirer | null {
  const products = records?.products?.bind(records);
  if (!retiresWith(request.absent, sheet, request.onlyRows) || products === undefined) return null;
  return new SheetRetirer(request.absent, { products }, keyColumn, sheet.headers);
}

/** Logged when a batch asks to retire and cannot: so the setting is never silently without effect. */
export const NOT_RETIRING =
  "absent: this batch retires nothing (a re-run's rows, a Brands sheet, or no records of the store kept)";

/** Whether a request asks for retiring and may: a whole products sheet, not a re-run's chosen rows. */
export function retiresWith(
  absent: AbsentSetting | undefined,
  sheet: { kind: string },
  onlyRows: ReadonlySet<number> | undefined,
): absent is AbsentSetting {
  return absent !== undefined && sheet.kind === 'products' && onlyRows === undefined;
}

/**
 * A row's result is a retirement that went through: its status changed, with the retirement's note
 * (withNote). summary.json counts them apart (`retired`), from the results as either transport stores them.
 */
export function isRetired(result: RowResult): boolean {
  if (result.outcome !== 'status_changed' || result.messageKey !== 'with_notes') return false;
  const notes = result.params?.notes;
  return Array.isArray(notes) && notes.some((note: { key: string }) => note.key === 'retired.not_in_sheet');
}
