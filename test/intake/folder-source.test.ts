/**
 * A job whose source is a local folder with `pattern:`: the newest new match is taken, `after:`
 * moves, deletes or keeps it once its batch is reported, a file still being written is left for a
 * later run, and a damaged file sends nothing and stays. Real sandbox store, local engine, real
 * files; the wait between a folder's two looks is an injected step, so a test writes in it.
 */
import { appendFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JobDefinition } from '../../src/intake/job-file.ts';
import { runJob } from '../../src/intake/schedules.ts';
import { useWorld } from '../helpers/use-world.ts';
import { cli } from './cli.ts';
import {
  createCount,
  jobDeps,
  nothingTaken,
  productCsv,
  startJobWorld,
  writeCount,
  writeDated,
  writeJob,
} from './helpers.ts';

const world = useWorld(() => startJobWorld(['incoming']));

/** A daily file whose modification time is `day` of November 2026 (UTC noon). */
const daily = (name: string, barcodes: string[], day: number) => writeDated(join(world.incoming, name), barcodes, day);

function job(after: string, pattern = 'prices-*.csv'): Promise<JobDefinition> {
  const lines = ['name: daily', 'source: ../incoming', `pattern: "${pattern}"`, 'schedule: "0 2 * * *"'];
  return writeJob(world.jobsDir, 'daily', after ? [...lines, `after: ${after}`] : lines);
}

const deps = (settle?: () => Promise<void>) => jobDeps(world, world.ledger, settle);

describe('a folder source with pattern', () => {
  it('takes the newest of three daily files, moves it once reported, and then takes only a newer one', async () => {
    await daily('prices-26.csv', ['d26'], 26);
    await daily('prices-27.csv', ['d27'], 27);
    await daily('prices-28.csv', ['d28-a', 'd28-b'], 28);
    await daily('notes.csv', ['nope'], 29);
    const definition = await job('move ../done');

    const [summary] = await runJob(definition, deps());
    expect(summary?.counts.created).toBe(2);
    expect(summary?.source).toBe(`job:daily ${join(world.incoming, 'prices-28.csv')}`);
    expect(await readdir(join(world.dir, 'done'))).toEqual(['prices-28.csv']);
    expect((await readdir(world.incoming)).sort()).toEqual(['notes.csv', 'prices-26.csv', 'prices-27.csv']);

    // Older than the one taken: a late file from an earlier day never undoes a newer sync.
    expect(await nothingTaken(definition, deps())).toEqual(['no new file matching prices-*.csv']);
    expect(createCount(world.sandbox)).toBe(2);

    await daily('prices-29.csv', ['d29'], 29);
    const [next] = await runJob(definition, deps());
    expect(next?.counts.created).toBe(1);
    expect((await readdir(join(world.dir, 'done'))).sort()).toEqual(['prices-28.csv', 'prices-29.csv']);
  });

  it('with after: keep the file stays and is not taken twice; a new file of the same name is', async () => {
    await daily('prices.csv', ['k1'], 20);
    const definition = await job('keep', 'prices.csv');
    expect((await runJob(definition, deps()))[0]?.counts.created).toBe(1);
    expect(await nothingTaken(definition, deps())).toHaveLength(1);
    expect(await readdir(world.incoming)).toEqual(['prices.csv']);

    await daily('prices.csv', ['k1', 'k2'], 21);
    expect((await runJob(definition, deps()))[0]?.counts.created).toBe(1);
  });

  it('with after: delete the file is removed once its batch is reported', async () => {
    await daily('prices-1.csv', ['x1'], 1);
    expect((await runJob(await job('delete'), deps()))[0]?.counts.created).toBe(1);
    expect(await readdir(world.incoming)).toEqual([]);
  });

  it('a file whose size changes between the two looks is not taken yet, and is once it is still', async () => {
    await daily('prices-5.csv', ['g1'], 5);
    const definition = await job('move ../done');
    const growing = deps(() => appendFile(join(world.incoming, 'prices-5.csv'), 'Item g2,10,1,g2\n'));
    expect(await nothingTaken(definition, growing)).toEqual([
      'prices-5.csv is still being written: it is taken on a later run',
    ]);
    expect(writeCount(world.sandbox)).toBe(0);
    expect(await readdir(world.incoming)).toEqual(['prices-5.csv']);

    const [summary] = await runJob(definition, deps());
    expect(summary?.counts.created).toBe(2);
  });

  it('a damaged file sends nothing, stays where it is and is tried again', async () => {
    await writeFile(join(world.incoming, 'prices-9.xlsx'), Buffer.from('PK\u0003\u0004 not really a workbook'));
    const definition = await job('move ../done', 'prices-*.xlsx');
    await expect(runJob(definition, deps())).rejects.toThrow();
    expect(writeCount(world.sandbox)).toBe(0);
    expect(await readdir(world.incoming)).toEqual(['prices-9.xlsx']);
    await expect(runJob(definition, deps())).rejects.toThrow();
  });

  it('schedule run prints the folder and the file it took, and says when nothing is new', async () => {
    await daily('prices-3.csv', ['c1'], 3);
    await job('keep');
    const env = {
      STORE_URL: world.sandbox.url,
      STORE_EMAIL: world.sandbox.email,
      STORE_PASSWORD: world.sandbox.password,
      LEDGER_FILE: join(world.dir, 'cli-ledger.jsonl'),
      REPORT_DIR: world.reportDir,
      JOBS_DIR: world.jobsDir,
      RATE: '1000',
    };
    const run = await cli(['schedule', 'run', 'daily'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^source: ${world.incoming}; last download \\S+, ${productCsv(['c1']).length} bytes \\(prices-3.csv\\)$`,
        'm',
      ),
    );
    const again = await cli(['schedule', 'run', 'daily'], env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('no new file matching prices-*.csv');
  });
});
