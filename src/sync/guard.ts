/**
 * The guard: a sheet that would lower a price by more than a share of the value last sent, or
 * change more than a share of the products catalog-sync knows for the store, is held until a
 * person confirms it (`import --confirm`, the console's `confirm=true`). Pure: the rows' decisions
 * (plan-row.ts) and the settings in, a verdict out.
 */
import type { RowChange } from './plan-row.ts';
import type { GuardVerdict, PriceDrop } from './guard-verdict.ts';

export type { GuardVerdict, PriceDrop } from './guard-verdict.ts';

export interface GuardSettings {
  /** GUARD_PRICE_DROP: a drop of more than this share of the last price holds the sheet (1: never). */
  priceDrop: number;
  /** GUARD_CHANGE_SHARE: changing more than this share of the products known holds it (1: never). */
  changeShare: number;
  /** GUARD_MIN_KNOWN: the change share applies once the store has this many products known. */
  minKnown: number;
}

/** The price fields a drop is looked for in; `prices` holds a price per key. */
const PRICE_FIELDS: ReadonlySet<string> = new Set(['sale_price', 'price', 'purchase_price']);

/** Folds rows in one at a time, so a 100,000-row sheet is judged without keeping its rows. */
export class GuardTally {
  private readonly drops: PriceDrop[] = [];
  private changed = 0;
  private dropCount = 0;

  constructor(
    private readonly settings: GuardSettings,
    /** Price drops listed in the verdict (the rest are counted in `held`). */
    private readonly keepDrops = 100,
  ) {}

  add(change: RowChange): void {
    // A product changes when a row sends it a value other than the one last sent: an update sent
    // again as it was (a full sync) changes nothing.
    if (!change.seen || (change.action !== 'update' && change.action !== 'status') || change.changes.length === 0)
      return;
    this.changed++;
    eachPriceDrop(change, this.settings.priceDrop, this.keep);
  }

  /** One closure for every row: the guard tallies every row of a sheet. */
  private readonly keep = (drop: PriceDrop): void => {
    this.dropCount++;
    if (this.drops.length < this.keepDrops) this.drops.push(drop);
  };

  verdict(known: number): GuardVerdict {
    const share = known === 0 ? 0 : this.changed / known;
    const tooMany = known >= this.settings.minKnown && share > this.settings.changeShare;
    return {
      held: this.dropCount > 0 || tooMany,
      priceDrops: this.drops,
      changeShare: Math.round(share * 1000) / 1000,
      limit: this.settings.changeShare,
      priceDropLimit: this.settings.priceDrop,
      changed: this.changed,
      known,
      tooMany,
    };
  }
}

export function priceDropsOf(change: RowChange, limit: number): PriceDrop[] {
  const drops: PriceDrop[] = [];
  eachPriceDrop(change, limit, (drop) => drops.push(drop));
  return drops;
}

function eachPriceDrop(change: RowChange, limit: number, found: (drop: PriceDrop) => void): void {
  for (const { field, before, after } of change.changes) {
    if (PRICE_FIELDS.has(field)) checkDrop(found, change.row, limit, field, before, after);
    else if (field === 'prices' && isRecord(after) && isRecord(before))
      for (const [key, value] of Object.entries(after))
        checkDrop(found, change.row, limit, `prices.${key}`, before[key], value);
  }
}

/** Passes on the drop when `after` is lower than `before` by more than `limit` of it. */
function checkDrop(
  found: (drop: PriceDrop) => void,
  row: number,
  limit: number,
  field: string,
  before: unknown,
  after: unknown,
): void {
  if (typeof before !== 'number' || typeof after !== 'number' || before <= 0) return;
  if ((before - after) / before > limit) found({ row, field, before, after });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Names the held rows for a person (the CLI's message). */
export function guardText(verdict: GuardVerdict): string {
  const parts: string[] = [];
  if (verdict.priceDrops.length > 0)
    parts.push(
      `prices lowered by more than ${Math.round(verdict.priceDropLimit * 100)}% of the last sent: ${verdict.priceDrops
        .map((d) => `row ${d.row} ${d.field} ${d.before} -> ${d.after}`)
        .join(', ')}`,
    );
  if (verdict.tooMany)
    parts.push(
      `changes ${verdict.changed} of the ${verdict.known} products catalog-sync knows for this store (${Math.round(verdict.changeShare * 100)}%, over ${Math.round(verdict.limit * 100)}%)`,
    );
  return parts.join('; ');
}
