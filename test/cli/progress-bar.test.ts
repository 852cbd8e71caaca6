/**
 * The progress bar on a terminal (a stream that says it is one, as test/cli/terminal.test.ts fakes
 * it): a queued batch waits for a worker, then runs, then ends. Its ETA reads `?` while nothing
 * moves, a time while rows go, `0s` at the end: never cli-progress's cut-short `NFs` and `LLs`.
 */
import { describe, expect, it } from 'vitest';
import { etaText, progressView } from '../../src/cli/sync-progress.ts';
import type { BatchProgress } from '../../src/sync/types.ts';
import type { OutcomeCounts } from '../../src/outcome.ts';
import { until } from '../helpers/until.ts';
import { fakeTerminal } from './fake-terminal.ts';

/** cli-progress draws on its own timer (5 a second): waits until the last frame holds `text`. */
async function shows(tty: { text: () => string }, text: string): Promise<void> {
  await until(() => lastFrame(tty.text()).includes(text), `the bar to show "${text}"`, { timeoutMs: 10_000 }).catch(
    (error: Error) => {
      throw new Error(`${error.message}; it shows: ${lastFrame(tty.text())}`);
    },
  );
}

/** What the bar shows last: the text after the final carriage return or cursor move, escapes removed. */
function lastFrame(text: string): string {
  // eslint-disable-next-line no-control-regex
  const frames = text.replace(/\x1b(\[[0-9;?]*[A-Za-z]|[78])/g, '\r').split(/[\r\n]/);
  return frames.filter((f) => f.trim() !== '').at(-1) ?? '';
}

const progress = (done: number, total: number): BatchProgress => ({
  batchId: 'b',
  done,
  total,
  problems: 0,
  counts: {} as OutcomeCounts,
});

describe('the progress bar', () => {
  it('says ETA ? while no worker takes the rows, a time while they go, 0s when done', async () => {
    let clock = 1_000_000;
    const tty = fakeTerminal();
    const view = progressView(tty.stream, 'sync', () => clock);
    view.update(progress(0, 100)); // queued; no worker yet
    await shows(tty, '0/100 rows | 0.0 rows/s | ETA ? |');
    clock += 60_000; // a worker starts a minute later
    view.update(progress(10, 100));
    clock += 1_000;
    view.update(progress(20, 100));
    await shows(tty, '20/100 rows | 10.0 rows/s | ETA 8s |');
    clock += 8_000;
    view.update(progress(100, 100));
    view.stop();
    expect(lastFrame(tty.text())).toContain('100/100 rows | 10.0 rows/s | ETA 0s |');
    expect(tty.text()).not.toMatch(/LLs|NFs|NULL|INF|NaN/);
  });

  it('formats longer times in minutes and hours', () => {
    expect(etaText(0, 1000, 10)).toBe('1m 40s');
    expect(etaText(0, 100_000, 10)).toBe('2h 46m');
    expect(etaText(5, null, 10)).toBe('?');
    expect(etaText(5, 5, null)).toBe('0s');
  });
});
