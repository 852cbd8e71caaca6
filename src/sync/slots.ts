/**
 * How many rows and how many requests a process has under way at once. CONCURRENCY is the
 * requests in flight, what the store sees. A row's time also holds work around its request: the
 * rate gate's pass, the ledger's claim of a create before it, the record after it (about 4 ms of
 * a 50 ms request, bench/scale.ts throughput). A row slot holding that work kept its request slot
 * idle meanwhile; so a few more rows than requests are under way (one per 8, at least one), and a
 * row takes a request slot only for the exchange itself. At 50 ms store latency and 32 in flight
 * that took an import from 580-588 rows/s to 616-618 and a worker from 567-583 to 585-607
 * (paired runs; a plain got + p-limit(32) loop reached 605-614).
 *
 * The price: a create claimed while it waits for a request slot counts as in flight. A process
 * stopped then leaves up to CONCURRENCY + ceil(CONCURRENCY / 8) creates `unknown`, not
 * CONCURRENCY. Only when every request slot is busy does a claimed row wait: at a rate below
 * what CONCURRENCY allows, rows wait at the rate gate, before their claim.
 */
import pLimit from 'p-limit';
import type { RequestSlot } from '../store/types.ts';

export interface SendSlots {
  /** Rows whose store calls are under way: CONCURRENCY + rowsAhead(CONCURRENCY). */
  rows: number;
  /** Runs a row's store calls in one of the row slots. */
  schedule: <T>(calls: () => Promise<T>) => Promise<T>;
  /** Runs one HTTP exchange in one of the CONCURRENCY request slots. */
  requestSlot: RequestSlot;
}

/** Rows under way beyond the requests in flight: one per 8, at least one. */
export function rowsAhead(concurrency: number): number {
  return Math.ceil(concurrency / 8);
}

export function sendSlots(concurrency: number): SendSlots {
  const rows = concurrency + rowsAhead(concurrency);
  const rowSlots = pLimit(rows);
  const requestSlots = pLimit(concurrency);
  return {
    rows,
    schedule: (calls) => rowSlots(calls),
    requestSlot: (exchange) => requestSlots(exchange),
  };
}
