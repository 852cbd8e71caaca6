/**
 * The guard's verdict on a sheet about to be sent (guard.ts), over the planner's decisions for
 * every row (plan-sheet.ts). With nothing known for the store there is no price to drop from and
 * no product to change: the sheet is not read for it.
 */
import type { LastSent } from '../ledger/last-sent.ts';
import { GuardTally, type GuardSettings, type GuardVerdict } from './guard.ts';
import { planSheet, type PlanSheetOptions, type RecordSource } from './plan-sheet.ts';

/**
 * The guard reads every row: a file of values last sent is read through once per chunk, so bigger
 * chunks (held in memory meanwhile, a few tens of MB) cut the passes: 100,000 rows against 100,000
 * products known took 7.8 s in chunks of 2,000 (50 passes), 2.3 s in chunks of 25,000 (4 passes).
 */
const GUARD_CHUNK = 25_000;

export async function guardVerdictOf(
  file: string,
  records: RecordSource & { lastSent: Pick<LastSent, 'getMany' | 'size'> },
  settings: GuardSettings,
  options: Omit<PlanSheetOptions, 'wanted'>,
): Promise<GuardVerdict> {
  const tally = new GuardTally(settings);
  const known = await records.lastSent.size();
  if (known > 0) await planSheet(file, records, { chunk: GUARD_CHUNK, ...options }, (change) => tally.add(change));
  return tally.verdict(known);
}
