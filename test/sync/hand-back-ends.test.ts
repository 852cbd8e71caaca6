/**
 * A worker that hands its rows back (its store moved to another worker, or its grace ran out)
 * leaves nothing running in a process that goes on serving other stores: BullMQ's close of it
 * completes, so its lock renewal and stalled-check timers stop and it can be collected. While a
 * handed-back job was held for ever, both timers ran on for the life of the process (one more
 * pair at every hand-back), and a later test file of the same process that faked timers met them.
 */
import { expect, it } from 'vitest';
import { useQueueWorld } from './helpers/queue-world.ts';
import { until } from '../helpers/until.ts';

// Each create waits at the store, so rows are in hand when the worker stops.
const world = useQueueWorld({ latencyMs: 1_500 });

/** The timers this process has running (Node lists each active timer as one `Timeout`). */
const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

it('a worker that handed its rows back ends whole: no timer of it is left running', async () => {
  const file = await world.sheet('p.csv', [
    'title,title_ar,category,sale_price,barcode',
    ...Array.from({ length: 6 }, (_, i) => `Tea ${i},شاي,2,5,H${i}`),
  ]);
  const before = timers();
  // A short lock: its renewal timer would fire every 100 ms if it were left running.
  const worker = world.worker({ concurrency: 2, lockDurationMs: 400, stalledIntervalMs: 400 });
  await world.enqueue({ file });
  await until(() => worker.active() > 0, 'rows in hand');
  const { handedBack } = await worker.stop(0);
  expect(handedBack).toBeGreaterThan(0);
  // The store's own waits end within its latency; what stays above the count before is ours.
  await until(() => timers() <= before, 'the timers of the worker that handed its rows back to stop', {
    timeoutMs: 15_000,
  });
});
