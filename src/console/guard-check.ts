/**
 * The guard for a sheet the console is about to send (sync/guard.ts), with the store's settings,
 * over the planner's decisions against the store's records (its ledger and the values last sent).
 */
import type { GuardVerdict } from '../sync/guard.ts';
import { guardVerdictOf } from '../sync/guard-sheet.ts';
import type { StoreDesk } from './desk.ts';
import { CONSOLE_PLAN, type UploadReading } from './upload-plan.ts';

export function guardSheet(
  file: string,
  desk: StoreDesk,
  { absent, columns }: UploadReading = {},
): Promise<GuardVerdict> {
  return guardVerdictOf(file, desk.ledger, desk.guard, {
    maxTextLength: desk.maxTextLength,
    settings: CONSOLE_PLAN,
    categories: desk.categories.list,
    absent,
    columns,
  });
}
