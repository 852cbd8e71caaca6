/**
 * Batch ledgers that also record, for each row the store confirmed, the values it sent
 * (last-sent.ts): the engine's `after` is where a row's outcome is final, whatever the transport.
 * Rows confirmed together are recorded in one write (one append, or one Redis round trip pair).
 */
import type { BatchLedger, BatchLedgerFactory, LedgerRow } from './batch-ledger.ts';
import { Coalescer } from './coalesce.ts';
import type { RowResult } from '../outcome.ts';
import { confirmsSent, sentValuesOf, type LastSent, type SentValues } from './last-sent.ts';
import { ledgerKeyOf } from './rules.ts';

export function recordingLastSent(factory: BatchLedgerFactory, lastSent: LastSent): BatchLedgerFactory {
  const writes = new Coalescer<readonly [string, SentValues], void>(async (entries) => {
    await lastSent.record(entries);
    return entries.map(() => undefined);
  });
  return (settings) => {
    const inner = factory(settings);
    const ledger: BatchLedger = {
      ...inner,
      async after(row: LedgerRow, result: RowResult): Promise<void> {
        await inner.after(row, result);
        if (!confirmsSent(result)) return;
        const key = ledgerKeyOf(row.plan, settings.keyColumn);
        const values = sentValuesOf(row.plan);
        if (key !== null && values !== null) await writes.call([key, values]);
      },
    };
    return ledger;
  };
}
