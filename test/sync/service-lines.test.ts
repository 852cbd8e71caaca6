/**
 * The services tell what they do: `worker` and `watch` log a line when a batch starts, a progress
 * line at most every few seconds while it runs, and a line with the counts when it ends. Off a
 * terminal each line is one JSON object. The real CLI, the real sandbox and Redis; the store's
 * rate is kept low so that a batch runs long enough to show progress.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { until } from '../helpers/until.ts';
import { untilSays, useCliWorld, type EnvChanges } from './helpers/cli-world.ts';
import { kill } from './helpers/processes.ts';

const ROWS = 30;
/** Requests per second: 30 rows take several seconds, so progress lines are due while they run. */
const RATE = '4';

const t = useCliWorld();

interface Line {
  msg: string;
  batchId?: string;
  done?: number;
  total?: number | null;
  counts?: { created: number };
}

/** The CLI with its log on (JSON off a terminal); every line on stderr must parse as one object. */
function cli(args: string[], changes: EnvChanges) {
  const run = t.cli(args, { LOG_LEVEL: 'info', ...changes });
  const lines = () =>
    run
      .err()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Line);
  return { ...run, lines };
}

const sheet = (tag: string) =>
  ['title,sale_price,category,barcode', ...Array.from({ length: ROWS }, (_, i) => `Item ${i},5,1,${tag}-${i}`)].join(
    '\n',
  ) + '\n';

/** `worker` at the low rate, once it says it started. */
async function startWorker(changes: EnvChanges = {}) {
  const worker = cli(['worker', '--grace', '5'], { RATE, ...changes });
  await untilSays(worker, 'worker started', 'the worker to start', 'err');
  return worker;
}

/** Queues a sheet of ROWS creates tagged `tag` with `import`, which must succeed. */
async function importSheet(tag: string): Promise<void> {
  const file = join(t.world.dir, `${tag}.csv`);
  await writeFile(file, sheet(tag));
  expect(await cli(['import', file, '--json'], { LOG_LEVEL: 'silent' }).exit()).toBe(0);
}

/** `watch` of a drop folder in the local mode at the low rate, once it says it is watching. */
async function startWatch(drop: string, changes: EnvChanges = {}) {
  const watch = cli(['--rate', RATE, 'watch', '--dir', drop, '--settle-ms', '200'], {
    REDIS_URL: undefined,
    QUEUE_PREFIX: undefined,
    ...changes,
  });
  await untilSays(watch, 'watching', 'watch to start', 'out');
  return watch;
}

/** The batch's start line (`startMsg`, with its batch id) and its progress lines: at least one, the first of that batch. */
function startAndProgress(lines: Line[], startMsg: string): { started: Line | undefined; progress: Line[] } {
  const started = lines.find((l) => l.msg === startMsg);
  expect(started?.batchId).toBeTruthy();
  const progress = lines.filter((l) => l.msg.startsWith('batch progress'));
  expect(progress.length).toBeGreaterThan(0);
  expect(progress[0]!.batchId).toBe(started?.batchId);
  return { started, progress };
}

it('worker: a line when a batch starts, progress lines while it runs, and the counts when it ends', async () => {
  const worker = await startWorker();
  await importSheet('wl');
  await until(() => worker.lines().some((l) => l.msg === 'batch report written'), 'the batch to end');
  const lines = worker.lines();
  const { started, progress } = startAndProgress(lines, 'batch started on this worker');
  expect(progress[0]).toMatchObject({ total: ROWS });
  expect(progress[0]!.done).toBeLessThan(ROWS);
  expect(lines.find((l) => l.msg === 'batch report written')).toMatchObject({
    batchId: started?.batchId,
    total: ROWS,
    counts: { created: ROWS },
  });
  await kill(worker.child, 'SIGTERM');
});

it('watch (local): the same lines, as JSON off a terminal', async () => {
  const drop = join(t.world.dir, 'drop');
  const watch = await startWatch(drop);
  await writeFile(join(drop, 'inbox', 'p.csv'), sheet('wt'));
  await until(() => watch.lines().some((l) => l.msg === 'drop file finished'), 'the file to finish');
  const lines = watch.lines();
  startAndProgress(lines, 'batch started');
  expect(lines.find((l) => l.msg === 'batch finished')).toMatchObject({ counts: { created: ROWS } });
  expect(lines.find((l) => l.msg === 'drop file finished')).toMatchObject({ counts: { created: ROWS } });
  await kill(watch.child, 'SIGTERM');
});

describe('as people read them (a terminal, or LOG_FORMAT=pretty)', () => {
  /** stderr's lines; none may be JSON (a `"key":` pair) or list an outcome that did not happen. */
  const readable = (text: string): string[] => {
    expect(text).not.toMatch(/"\w+":/);
    expect(text).not.toMatch(/\b(would_create|failed) 0\b/);
    return text.split('\n').filter((l) => l.trim() !== '');
  };

  it('worker: each event one readable line, its start once', async () => {
    const worker = await startWorker({ LOG_FORMAT: 'pretty' });
    await importSheet('wp');
    await until(() => worker.err().includes('batch report written'), 'the batch to end');
    const lines = readable(worker.err());
    expect(lines.filter((l) => l.includes('worker started'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('batch started on this worker'))).toHaveLength(1);
    expect(lines.find((l) => l.includes('batch progress'))).toMatch(
      /batch progress: \d+ of 30 rows \(batchId \S+, created \d+\)/,
    );
    expect(lines.find((l) => l.includes('batch report written'))).toMatch(
      new RegExp(`batch report written \\(batchId \\S+, total ${ROWS}, created ${ROWS}, reportDir `),
    );
    await kill(worker.child, 'SIGTERM');
  });

  it("watch: a file's end is one line, the command's own", async () => {
    const drop = join(t.world.dir, 'drop-pretty');
    const watch = await startWatch(drop, { LOG_FORMAT: 'pretty' });
    await writeFile(join(drop, 'inbox', 'pp.csv'), sheet('pp'));
    await until(() => watch.out().includes('pp.csv: batch'), 'the file to finish');
    expect(watch.out()).toMatch(new RegExp(`pp.csv: batch \\S+: ${ROWS} rows: created ${ROWS}; every row ended well`));
    const lines = readable(watch.err());
    expect(lines.filter((l) => l.includes('drop file finished'))).toEqual([]);
    expect(lines.find((l) => l.includes('batch finished'))).toMatch(/batch finished \(batchId \S+, created 30\)/);
    await kill(watch.child, 'SIGTERM');
  });
});
