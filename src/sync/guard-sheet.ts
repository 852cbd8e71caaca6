/**
 * The guard's verdict on a sheet about to be sent (guard.ts), over the planner's decisions for
 * every row (plan-sheet.ts). With nothing known for the store there is no price to drop from and
 * no product to change: the sheet is not read for it.
 */
import type { Ledger } from '../ledger/ledger.ts';
import { GuardTally, type GuardSettings, type GuardVerdict } from './guard.ts';
import { planSheet, type PlanSheetOptions, type RecordSource } from './plan-sheet.ts';

export async function guardVerdictOf(
  file: string,
  records: (RecordSource & Pick<Ledger, 'known'>) | null,
  settings: GuardSettings,
  options: Omit<PlanSheetOptions, 'wanted'>,
): Promise<GuardVerdict> {
  const tally = new GuardTally(settings);
  const known = records === null ? 0 : await records.known();
  if (known > 0) await planSheet(file, records, options, (change) => tally.add(change));
  return tally.verdict(known);
}
