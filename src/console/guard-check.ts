/**
 * The guard for a sheet the console is about to send (sync/guard.ts): every row's change against
 * what catalog-sync last sent the store, folded into a verdict; the store's known products
 * counted from the same side store.
 */
import { GuardTally, type GuardVerdict } from '../sync/guard.ts';
import { scanSheetChanges } from '../sync/guard-scan.ts';
import type { StoreDesk } from './desk.ts';

export async function guardSheet(file: string, desk: StoreDesk): Promise<GuardVerdict> {
  const tally = new GuardTally(desk.guard);
  const known = await desk.lastSent.size();
  // Nothing sent before: no price to drop from, no product to change. The sheet is not read twice.
  if (known > 0)
    await scanSheetChanges(file, desk.lastSent, { maxTextLength: desk.maxTextLength }, (change) => tally.add(change));
  return tally.verdict(known);
}
