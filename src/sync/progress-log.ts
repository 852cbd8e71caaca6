/**
 * Progress lines for the services (`worker`, `watch`): a long batch says it is alive at most
 * once every few seconds, however many rows end in between, so the log shows movement without
 * a line per row.
 */
import type { Logger } from '../log.ts';
import type { BatchProgress } from './types.ts';

export const PROGRESS_LOG_MS = 5_000;
/** Batches remembered at once (a worker sees many over its life). */
const KEPT = 100;

export class ProgressLog {
  /** When each batch last logged (or was first seen). */
  private readonly last = new Map<string, number>();

  constructor(
    private readonly logger: Logger,
    private readonly everyMs = PROGRESS_LOG_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Whether a line for this batch is due now; the first call only starts its clock. */
  due(batchId: string): boolean {
    const now = this.clock();
    const at = this.last.get(batchId);
    if (at !== undefined && now - at < this.everyMs) return false;
    this.last.delete(batchId);
    this.last.set(batchId, now);
    if (this.last.size > KEPT) this.last.delete(this.last.keys().next().value!);
    return at !== undefined;
  }

  /** Logs `progress` when a line is due (a listener for onProgress). */
  update(progress: BatchProgress): void {
    if (this.due(progress.batchId)) this.log(progress);
  }

  log(progress: BatchProgress): void {
    const { batchId, done, total, counts } = progress;
    this.logger.info({ batchId, done, total, counts }, `batch progress: ${done} of ${total ?? '?'} rows`);
  }

  /** The batch ended: its clock is dropped. */
  end(batchId: string): void {
    this.last.delete(batchId);
  }
}
