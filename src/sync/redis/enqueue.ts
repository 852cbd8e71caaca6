/**
 * Puts a sheet's rows on the BullMQ queue while the sheet streams (never all rows in memory):
 * invalid rows get their result at once, valid rows become one job each (deterministic id),
 * added in chunks. The batch is sealed with its total when the sheet ends.
 */
import { resolve } from 'node:path';
import { Queue } from 'bullmq';
import { silentLogger, type Logger } from '../../log.ts';
import type { StoreApi } from '../../store/types.ts';
import { batchInfoFor, guardSettingsOf, openRequestSheet, wantsRow } from '../prepare.ts';
import { invalidResult } from '../rules.ts';
import type { SheetOpener } from '../sheet-source.ts';
import type { SyncRequest } from '../types.ts';
import { BatchState } from './batch-state.ts';
import { bullConnection, openRedis, type RedisTarget } from './connection.ts';
import { REPORT_JOB, REPORT_JOB_OPTIONS, ROW_JOB, ROW_JOB_OPTIONS, type RowJobData } from './jobs.ts';
import { engineKeys, QUEUE_NAME, reportJobId, rowJobId } from './keys.ts';

export interface EnqueueDeps extends RedisTarget {
  reportDir: string;
  rate: number;
  openSheet?: SheetOpener;
  /** When given, credentials are checked before anything is queued (wrong password: exit 2). */
  client?: StoreApi;
  logger?: Logger;
  clock?: () => number;
  /** Jobs per addBulk call. @defaultValue 500 */
  chunkSize?: number;
}

export async function enqueueSync(request: SyncRequest, deps: EnqueueDeps): Promise<{ batchId: string; total: number }> {
  const clock = deps.clock ?? Date.now;
  const logger = deps.logger ?? silentLogger;
  if (request.dryRun) throw new Error('a dry run never goes through the queue: use runSync');
  const sheet = await openRequestSheet(request, deps.openSheet);
  if (deps.client) {
    await deps.client.authorize().catch(async (error: unknown) => {
      await sheet.close?.();
      throw error;
    });
  }
  const info = batchInfoFor(request, sheet, clock());
  const redis = openRedis(deps.redisUrl);
  const queue = new Queue(QUEUE_NAME, { connection: bullConnection(deps.redisUrl), prefix: deps.prefix });
  const state = new BatchState(redis, engineKeys(deps.prefix));
  const chunkSize = deps.chunkSize ?? 500;
  try {
    await state.create(
      {
        ...info,
        headers: sheet.headers,
        reportDir: resolve(deps.reportDir),
        rate: deps.rate,
        guard: guardSettingsOf(request, sheet),
        rerunOf: request.rerunOf,
        ...(request.listUnchanged ? { listUnchanged: true } : {}),
        startedAt: new Date(clock()).toISOString(),
      },
      clock(),
    );
    let total = 0;
    let chunk: { name: string; data: RowJobData; opts: typeof ROW_JOB_OPTIONS & { jobId: string } }[] = [];
    const flush = async () => {
      if (chunk.length > 0) await queue.addBulk(chunk);
      chunk = [];
    };
    for await (const sheetRow of sheet.rows()) {
      if (!wantsRow(request, sheetRow)) continue;
      total++;
      if (!sheetRow.plan) {
        await state.record(info.batchId, { result: invalidResult(sheetRow), cells: sheetRow.cells, originalRow: sheetRow.originalRow });
        continue;
      }
      const data: RowJobData = { batchId: info.batchId, row: sheetRow.row, originalRow: sheetRow.originalRow, cells: sheetRow.cells, plan: sheetRow.plan };
      chunk.push({ name: ROW_JOB, data, opts: { ...ROW_JOB_OPTIONS, jobId: rowJobId(info.batchId, sheetRow.row) } });
      if (chunk.length >= chunkSize) await flush();
    }
    await flush();
    if (await state.seal(info.batchId, total)) {
      await queue.add(REPORT_JOB, { batchId: info.batchId }, { ...REPORT_JOB_OPTIONS, jobId: reportJobId(info.batchId) });
    }
    logger.info({ batchId: info.batchId, total }, 'batch enqueued');
    return { batchId: info.batchId, total };
  } finally {
    await sheet.close?.();
    await queue.close();
    await redis.quit();
  }
}
