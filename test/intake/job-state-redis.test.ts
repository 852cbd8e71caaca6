/**
 * Two machines running one job's schedule on one Redis (issue 39): each has its own jobs folder
 * (as a worker in docker-compose.yml has, read-only), and they share the job's state in Redis, so
 * a folder of daily files is never taken twice, whoever runs the tick, and both show the last
 * download, in `schedule run` too. Real Redis (a prefix of its own), a real local folder, the
 * sandbox store, the CLI run in this process.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseJobFile, type JobDefinition } from '../../src/intake/job-file.ts';
import { runJob } from '../../src/intake/schedules.ts';
import { lastDownload } from '../../src/intake/sources/job-state.ts';
import { redisJobState, type RedisJobState } from '../../src/intake/sources/job-state-redis.ts';
import type { FileLedger } from '../../src/ledger/file-store.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';
import { cli } from './cli.ts';
import { createCount, jobDeps, startWorld, writeDated, type World } from './helpers.ts';

let world: World;
let ledger: FileLedger;
let incoming: string;
let prefix: string;
const opened: Redis[] = [];
const states: RedisJobState[] = [];

beforeEach(async () => {
  world = await startWorld();
  ledger = await world.openLedger();
  incoming = join(world.dir, 'incoming');
  await mkdir(incoming);
  prefix = `test-${randomUUID()}`;
});

afterEach(async () => {
  for (const state of states.splice(0)) await state.close();
  const redis = opened[0];
  if (redis) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  for (const redis of opened.splice(0)) await redis.quit();
  await world.close();
});

interface Machine {
  job: JobDefinition;
  jobsDir: string;
  state: RedisJobState;
}

/** A machine: its own jobs folder holding the same job file, its own Redis connection. */
async function machine(name: string): Promise<Machine> {
  const jobsDir = join(world.dir, `jobs-${name}`);
  await mkdir(jobsDir);
  const file = join(jobsDir, 'daily.yaml');
  const text = `name: daily\nsource: ${incoming}\npattern: "prices-*.csv"\nschedule: "0 2 * * *"\nafter: keep\n`;
  await writeFile(file, text);
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  opened.push(redis);
  const state = redisJobState(redis, prefix);
  states.push(state);
  return { job: parseJobFile(file, text), jobsDir, state };
}

const daily = (name: string, barcodes: string[], day: number) => writeDated(join(incoming, name), barcodes, day);

const runOn = (m: Machine, settle?: () => Promise<void>) => {
  const deps = { ...jobDeps(world, ledger, settle), state: m.state };
  return { deps, run: runJob(m.job, deps) };
};

describe('a job state kept in Redis, shared by two machines', () => {
  it('a file claimed by one machine is not taken by the other, nor again once taken; both show the last download', async () => {
    await daily('prices-26.csv', ['d26'], 26);
    await daily('prices-27.csv', ['d27'], 27);
    await daily('prices-28.csv', ['d28-a', 'd28-b'], 28);
    const a = await machine('a');
    const b = await machine('b');

    // B's tick comes while A holds the newest file (between A's two looks at it).
    let fromB: ReturnType<typeof runOn> | null = null;
    const onA = runOn(a, async () => {
      fromB = runOn(b);
      expect(await fromB.run).toEqual([]);
    });
    const [summary] = await onA.run;
    expect(summary?.source).toBe(`job:daily ${join(incoming, 'prices-28.csv')}`);
    expect(summary?.counts.created).toBe(2);
    expect(fromB!.deps.said).toEqual(['prices-28.csv is being taken by another run']);

    // Taken by A: B's next tick finds nothing new (the older files stay older than the last taken).
    const next = runOn(b);
    expect(await next.run).toEqual([]);
    expect(next.deps.said).toEqual(['no new file matching prices-*.csv']);
    expect(createCount(world.sandbox)).toBe(2);

    await daily('prices-29.csv', ['d29'], 29);
    const [onB] = await runOn(b).run;
    expect(onB?.counts.created).toBe(1);
    expect(await runOn(a).run).toEqual([]);

    const shownA = await lastDownload(a.job, a.state);
    expect(shownA).toMatchObject({ file: 'prices-29.csv', where: incoming });
    expect(await lastDownload(b.job, b.state)).toEqual(shownA);
    // Nothing was written beside either machine's job file: their folders may be read-only.
    expect(await readdir(a.jobsDir)).toEqual(['daily.yaml']);
    expect(await readdir(b.jobsDir)).toEqual(['daily.yaml']);
  });

  it('two machines running at once over a folder of daily files never take one file twice', async () => {
    const days = [10, 11, 12, 13];
    for (const day of days) await daily(`prices-${day}.csv`, [`r${day}`], day);
    const a = await machine('a');
    const b = await machine('b');
    const taken: string[] = [];
    // Each tick, both machines race; a file appears each "day", as a supplier writes one nightly.
    for (const day of [14, 15, 16]) {
      await daily(`prices-${day}.csv`, [`r${day}`], day);
      const runs = await Promise.all([runOn(a).run, runOn(b).run]);
      for (const summary of runs.flat()) taken.push(summary.source);
    }
    expect(taken.length).toBeGreaterThan(0);
    expect(new Set(taken).size).toBe(taken.length);
    expect(createCount(world.sandbox)).toBe(taken.length);
    const recorded = (await a.state.read(a.job)).taken?.map((file) => `job:daily ${join(incoming, file.name)}`);
    expect(recorded?.sort()).toEqual([...taken].sort());
  });

  it('schedule run on each machine: the second takes nothing and prints the download the first took', async () => {
    await daily('prices-3.csv', ['c1'], 3);
    const a = await machine('a');
    const b = await machine('b');
    const env = (m: Machine) => ({
      ...world.storeEnv,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      REPORT_DIR: world.reportDir,
      JOBS_DIR: m.jobsDir,
      RATE: '1000',
    });
    const first = await cli(['schedule', 'run', 'daily', '--queue', 'local'], env(a));
    expect(first.code, first.stderr).toBe(0);
    const shown = new RegExp(`^source: ${incoming}; last download \\S+, \\d+ bytes \\(prices-3.csv\\)$`, 'm');
    expect(first.stdout).toMatch(shown);
    const second = await cli(['schedule', 'run', 'daily', '--queue', 'local'], env(b));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('no new file matching prices-*.csv');
    expect(second.stdout).toMatch(shown);
    expect(createCount(world.sandbox)).toBe(1);
    expect(await readdir(b.jobsDir)).toEqual(['daily.yaml']);
  });
});
