/**
 * What the guard says of a sheet, as the console's API answers it (409 {guard}): its own module,
 * importing nothing, so the page (src/console/page/) reads the same type in the browser.
 */
export interface PriceDrop {
  row: number;
  field: string;
  before: number;
  after: number;
}

export interface GuardVerdict {
  held: boolean;
  priceDrops: PriceDrop[];
  /** Known products the sheet changes, as a share of those known (0 when none are known). */
  changeShare: number;
  /** The setting changeShare is held against, and the price drop one. */
  limit: number;
  priceDropLimit: number;
  /** Known products the sheet changes, and how many are known. */
  changed: number;
  known: number;
  /** Whether the change share held it (the store knows at least minKnown products). */
  tooMany: boolean;
}
