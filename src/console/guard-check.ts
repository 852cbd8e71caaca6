/**
 * The guard for a sheet the console is about to send (sync/guard.ts), with the store's settings
 * and what catalog-sync last sent it.
 */
import type { GuardVerdict } from '../sync/guard.ts';
import { guardVerdictOf } from '../sync/guard-scan.ts';
import type { StoreDesk } from './desk.ts';

export function guardSheet(file: string, desk: StoreDesk): Promise<GuardVerdict> {
  return guardVerdictOf(file, desk.lastSent, desk.guard, { maxTextLength: desk.maxTextLength });
}
