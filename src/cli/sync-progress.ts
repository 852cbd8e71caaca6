/**
 * Draws batch progress for `import`: a cli-progress bar on a terminal (rows done/total, rate,
 * ETA, problems so far), plain lines otherwise. The engine only emits events; drawing is here.
 */
import cliProgress from 'cli-progress';
import type { BatchProgress } from '../sync/types.ts';

export interface ProgressView {
  update(progress: BatchProgress): void;
  stop(): void;
}

export function progressView(
  stream: NodeJS.WritableStream & { isTTY?: boolean },
  label: string,
  now: () => number = Date.now,
): ProgressView {
  return stream.isTTY ? barView(stream, label, now) : lineView(stream, label, now);
}

/** How far back the bar's rows/s and ETA look: the pace now, not since a wait for a worker. */
const RATE_WINDOW_MS = 10_000;

/**
 * Rows per second over the last RATE_WINDOW_MS of progress; null until two samples in it differ
 * (at the start, and after a pause: rows queued with no worker yet).
 */
export function recentRate(): { add(at: number, done: number): number | null } {
  const samples: { at: number; done: number }[] = [];
  return {
    add(at, done) {
      samples.push({ at, done });
      while (samples.length > 1 && at - samples[0]!.at > RATE_WINDOW_MS) samples.shift();
      const first = samples[0]!;
      const seconds = (at - first.at) / 1000;
      return done > first.done && seconds > 0 ? (done - first.done) / seconds : null;
    },
  };
}

/**
 * The bar's ETA: `0s` once every row ended, `?` while no pace is known (cli-progress's own ETA
 * printed its NaN and Infinity markers cut short, `LLs` and `NFs`), else `1m 05s`.
 */
export function etaText(done: number, total: number | null, rate: number | null): string {
  if (total !== null && done >= total) return '0s';
  if (total === null || rate === null || rate <= 0) return '?';
  const seconds = Math.ceil((total - done) / rate);
  if (seconds < 60) return `${seconds}s`;
  const two = (n: number) => String(n).padStart(2, '0');
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${two(seconds % 60)}s`;
  return `${Math.floor(seconds / 3600)}h ${two(Math.floor(seconds / 60) % 60)}m`;
}

function barView(stream: NodeJS.WritableStream, label: string, now: () => number): ProgressView {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `${label} [{bar}] {value}/{total} rows | {rate} rows/s | ETA {timeLeft} | problems {problems}`,
      fps: 5,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  const pace = recentRate();
  return {
    update(p) {
      // While the sheet is still being read the total is unknown: show what we have so far.
      const total = p.total ?? Math.max(p.done, 1);
      const rate = pace.add(now(), p.done);
      const payload = { rate: (rate ?? 0).toFixed(1), timeLeft: etaText(p.done, p.total, rate), problems: p.problems };
      if (!started) {
        bar.start(total, p.done, payload);
        started = true;
      }
      bar.setTotal(total);
      bar.update(p.done, payload);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

function lineView(stream: NodeJS.WritableStream, label: string, now: () => number): ProgressView {
  const startedAt = now();
  let lastAt = 0;
  let last: BatchProgress | null = null;
  const write = (p: BatchProgress) => {
    const seconds = Math.max(0.001, (now() - startedAt) / 1000);
    const rate = p.done / seconds;
    const total = p.total === null ? '?' : String(p.total);
    const eta = p.total !== null && rate > 0 ? ` eta ${Math.ceil((p.total - p.done) / rate)}s` : '';
    stream.write(`${label}: ${p.done}/${total} rows, ${rate.toFixed(1)} rows/s${eta}, problems ${p.problems}\n`);
  };
  return {
    update(p) {
      last = p;
      // A line every 2 seconds keeps CI logs readable.
      if (now() - lastAt >= 2000) {
        lastAt = now();
        write(p);
      }
    },
    stop() {
      if (last && lastAt !== 0) write(last);
    },
  };
}
