/**
 * The console's batches: the ones this process started (live, with progress) and the finished
 * ones under the report dir (their summary.json), newest first. Listeners hear every change of a
 * live batch; the events route decides how often to pass it on.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { emptyCounts } from '../outcome.ts';
import type { BatchSummary } from '../report/summary.ts';
import { parseStoreIdentity, type StoreIdentity } from '../store/identity.ts';
import { newBatchId } from '../sync/batch-id.ts';
import type { Tuning } from '../app.ts';
import type { SyncRequest } from '../sync/types.ts';
import { problemsIn } from '../sync/tally.ts';
import type { ConsoleMetrics } from './metrics.ts';
import type { BatchRunner, RunHooks } from './runner.ts';
import type { BatchLive } from './answers/batch.ts';

export type { BatchStatus } from './answers/batch.ts';

/** A batch as the board knows it: what the API answers (answers/batch.ts), and summary.json once done. */
export interface BatchView extends BatchLive {
  /** summary.json, once done. */
  summary?: BatchSummary;
}

/** What the board shows of a batch before it starts. */
export interface BatchHead {
  batchId: string;
  source: string;
  file: string;
  dryRun?: boolean | undefined;
  rerunOf?: string | undefined;
}

type Listener = (view: BatchView) => void;

interface Live {
  view: BatchView;
  startedMs: number | null;
  listeners: Set<Listener>;
}

export interface BoardDeps {
  /** The store this console sends to: its batches' store while they run. */
  store: StoreIdentity;
  runner: BatchRunner;
  reportDir: string;
  rate: number;
  metrics: ConsoleMetrics;
  clock?: () => number;
  /** Called with a batch that could not run (logged by the caller, without secrets). */
  onFailure?: (batchId: string, error: unknown) => void;
}

/** Past batches shown: the newest this many. */
const LIST_LIMIT = 100;

export class BatchBoard {
  private readonly live = new Map<string, Live>();
  private readonly clock: () => number;

  constructor(private readonly deps: BoardDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  /** The store this console sends to. */
  get store(): StoreIdentity {
    return this.deps.store;
  }

  /** The store's limit in requests per second, shown beside each batch's pace. */
  get rate(): number {
    return this.deps.rate;
  }

  newBatchId(): string {
    return newBatchId(this.clock());
  }

  /** Starts a batch and returns at once; it runs in the background. */
  submit(request: SyncRequest & { batchId: string; source: string }, tuning?: Tuning): BatchView {
    return this.launch(request, (hooks) => this.deps.runner.run(request, hooks, tuning)).view;
  }

  /** Runs a batch shown on the board as submit does, and resolves with its summary. */
  run(request: SyncRequest & { batchId: string; source: string }, tuning?: Tuning): Promise<BatchSummary> {
    return this.launch(request, (hooks) => this.deps.runner.run(request, hooks, tuning)).done;
  }

  /**
   * Shows a batch as queued at once, while `work` may still prepare its request (a scheduled job
   * fetches its sheet first), then runs it with `hooks` through the runner (runBatch).
   */
  launch(
    head: BatchHead,
    work: (hooks: RunHooks, runner: BatchRunner) => Promise<BatchSummary>,
  ): { view: BatchView; done: Promise<BatchSummary> } {
    const live: Live = {
      view: {
        batchId: head.batchId,
        store: this.deps.store,
        status: 'queued',
        source: head.source,
        file: head.file,
        dryRun: head.dryRun === true,
        total: null,
        done: 0,
        counts: emptyCounts(),
        problems: 0,
        rowsPerSecond: null,
        rate: this.deps.rate,
        etaSeconds: null,
        ...(head.rerunOf ? { rerunOf: head.rerunOf } : {}),
      },
      startedMs: null,
      listeners: new Set(),
    };
    this.live.set(head.batchId, live);
    const metrics = this.deps.metrics;
    metrics.batchWaiting(this.deps.store, 1);
    let counted = emptyCounts();
    // Rows counted where they run: a queued batch's by the workers (worker --metrics-port), so
    // Prometheus adding up every process counts each row once.
    let here = false;
    const change = (patch: Partial<BatchView>): void => {
      live.view = this.paced({ ...live.view, ...patch }, live.startedMs);
      for (const listener of live.listeners) listener(live.view);
    };
    const done = work(
      {
        onStart: (runsHere) => {
          here = runsHere;
          metrics.batchWaiting(this.deps.store, -1);
          live.startedMs = this.clock();
          change({ status: 'running' });
        },
        onProgress: (p) => {
          if (here) metrics.countRows(this.deps.store, counted, p.counts);
          counted = p.counts;
          change({ done: p.done, total: p.total, counts: p.counts, problems: p.problems });
        },
      },
      this.deps.runner,
    );
    done
      .then(
        (summary) => {
          if (here) {
            metrics.countRows(this.deps.store, counted, summary.counts);
            metrics.observeBatch(summary);
          }
          change(doneView(summary, this.deps.rate));
        },
        (error: unknown) => {
          if (live.startedMs === null) metrics.batchWaiting(this.deps.store, -1);
          this.deps.onFailure?.(head.batchId, error);
          change({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
        },
      )
      .finally(() => live.listeners.clear());
    return { view: live.view, done };
  }

  /** A batch by id (the id is checked by the caller), or null. */
  async get(batchId: string): Promise<BatchView | null> {
    const live = this.live.get(batchId);
    if (live) return live.view;
    const summary = await readSummary(join(this.deps.reportDir, batchId, 'summary.json'));
    return summary ? doneView(summary, summary.rate) : null;
  }

  async list(): Promise<BatchView[]> {
    const views = new Map<string, BatchView>();
    for (const [id, live] of this.live) views.set(id, live.view);
    let names: string[] = [];
    try {
      names = await readdir(this.deps.reportDir);
    } catch {
      // no report dir yet: no past batches
    }
    // Batch ids begin with their time: the newest sort last.
    for (const name of names.sort().reverse()) {
      if (views.size >= LIST_LIMIT) break;
      if (views.has(name)) continue;
      const summary = await readSummary(join(this.deps.reportDir, name, 'summary.json'));
      if (summary) views.set(name, doneView(summary, summary.rate));
    }
    return [...views.values()].sort((a, b) => b.batchId.localeCompare(a.batchId)).slice(0, LIST_LIMIT);
  }

  /**
   * A finished batch's report was rewritten (reconcile): from now on its view is read from its
   * summary.json, as a past batch's is, not kept from when it ended here.
   */
  reread(batchId: string): void {
    if (this.live.get(batchId)?.view.status === 'done') this.live.delete(batchId);
  }

  /** Hears every change of a live batch until it ends; returns the unsubscribe. */
  watch(batchId: string, listener: Listener): () => void {
    const live = this.live.get(batchId);
    if (!live || live.view.status === 'done' || live.view.status === 'failed') return () => undefined;
    live.listeners.add(listener);
    return () => live.listeners.delete(listener);
  }

  private paced(view: BatchView, startedMs: number | null): BatchView {
    if (startedMs === null || view.status !== 'running') return view;
    const seconds = (this.clock() - startedMs) / 1000;
    const rowsPerSecond = seconds > 0 ? view.done / seconds : null;
    const etaSeconds =
      view.total !== null && rowsPerSecond ? Math.max(0, (view.total - view.done) / rowsPerSecond) : null;
    return { ...view, rowsPerSecond, etaSeconds };
  }
}

function doneView(summary: BatchSummary, rate: number): BatchView {
  return {
    batchId: summary.batchId,
    store: parseStoreIdentity(summary.store),
    status: 'done',
    source: summary.source,
    file: summary.file,
    dryRun: summary.dryRun === true,
    total: summary.total,
    done: summary.total,
    counts: summary.counts,
    problems: problemsIn(summary.counts),
    rowsPerSecond: null,
    rate,
    etaSeconds: 0,
    ...(summary.rerunOf ? { rerunOf: summary.rerunOf } : {}),
    ...(summary.columns ? { columns: summary.columns } : {}),
    summary,
  };
}

async function readSummary(path: string): Promise<BatchSummary | null> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<BatchSummary>;
    return typeof parsed.batchId === 'string' && parsed.counts ? (parsed as BatchSummary) : null;
  } catch {
    return null;
  }
}
