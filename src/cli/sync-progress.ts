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
  return stream.isTTY ? barView(stream, label) : lineView(stream, label, now);
}

function barView(stream: NodeJS.WritableStream, label: string): ProgressView {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `${label} [{bar}] {value}/{total} rows | {rate} rows/s | ETA {eta_formatted} | problems {problems}`,
      etaBuffer: 200,
      fps: 5,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  const startedAt = Date.now();
  return {
    update(p) {
      // While the sheet is still being read the total is unknown: show what we have so far.
      const total = p.total ?? Math.max(p.done, 1);
      const rate = (p.done / Math.max(0.001, (Date.now() - startedAt) / 1000)).toFixed(1);
      if (!started) {
        bar.start(total, p.done, { rate, problems: p.problems });
        started = true;
      }
      bar.setTotal(total);
      bar.update(p.done, { rate, problems: p.problems });
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
