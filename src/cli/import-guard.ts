/**
 * `import`'s guard (src/sync/guard.ts): before anything is sent, a sheet that would lower prices
 * sharply or change most of the products catalog-sync knows stops the command (exit 2, naming
 * the rows) unless `--confirm`.
 */
import type { App } from '../app.ts';
import type { SyncRequest } from '../sync/types.ts';
import { guardVerdictOf } from '../sync/guard-sheet.ts';
import { DEFAULT_LEDGER_SETTINGS } from '../sync/types.ts';
import { guardText, type GuardVerdict } from '../sync/guard.ts';
import { ExitError } from './context.ts';
import { EXIT } from './exit-codes.ts';

/** Stops the import (exit 2, naming the rows) when the guard holds one of its sheets. */
export async function checkGuard(app: App, requests: readonly SyncRequest[]): Promise<void> {
  for (const request of requests) {
    const verdict = await guardOf(app)(request);
    if (verdict.held)
      throw new ExitError(
        EXIT.notStarted,
        `held by the guard, nothing sent: ${guardText(verdict)}; check the sheet, then run again with --confirm to send it`,
      );
  }
}

/** The guard's verdict on a request's sheet, over the store's records (a scheduled job's too). */
export function guardOf(app: App): (request: SyncRequest) => Promise<GuardVerdict> {
  const { config } = app;
  const settings = {
    priceDrop: config.guardPriceDrop,
    changeShare: config.guardChangeShare,
    minKnown: config.guardMinKnown,
  };
  return async (request) => {
    // Not the ledger itself: opened with REDIS_URL, it would move a file ledger into Redis before
    // the run knows whether it queues anything. A file ledger is locked until closed, before the run.
    const records = await app.records();
    try {
      return await guardVerdictOf(request.file, records, settings, {
        maxTextLength: config.maxTextLength,
        settings: request.ledger ?? DEFAULT_LEDGER_SETTINGS,
        columns: request.columns,
        sheet: request.sheet,
        absent: request.absent,
      });
    } finally {
      await records.close();
    }
  };
}
