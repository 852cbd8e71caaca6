/**
 * A job whose sheet is in an S3-compatible bucket: s3rver (npm) on 127.0.0.1 as the endpoint, the
 * AWS SDK as the client. A prefix holding three daily files gives its newest, moved under another
 * prefix once reported; credentials come from a file or the environment and appear nowhere, and
 * credentials the server refuses (from either) are a failed run naming the job, the source and
 * where the credentials came from, in English and Arabic. Two machines sharing the job's state in
 * Redis (issue 39) never take one object twice. Sandbox store, local engine, real Redis.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import S3rver from 's3rver';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JobDefinition } from '../../src/intake/job-file.ts';
import { runJob, type JobRunDeps } from '../../src/intake/schedules.ts';
import { createLogger } from '../../src/log.ts';
import type { SheetFileError } from '../../src/sheet/types.ts';
import { lastDownload } from '../../src/intake/sources/job-state.ts';
import { redisJobState } from '../../src/intake/sources/job-state-redis.ts';
import { startBaseWorld } from '../helpers/base-world.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';
import { useWorld } from '../helpers/use-world.ts';
import { createCount, nothingTaken, productCsv, sheetRefused, startJobWorld, writeJob } from './helpers.ts';

// s3rver's own key pair (it accepts only this access key id).
const KEY_ID = 'S3RVER';
const SECRET = 'S3RVER';
/**
 * Credentials s3rver refuses. It checks the access key id (InvalidAccessKeyId, 403) but not a
 * Signature V4 (its authentication.js: "calculation is unimplemented"), and the SDK signs only
 * with V4, so a wrong secret alone would pass here: the key id is wrong too, and the secret is
 * searched for in what the run says.
 */
const WRONG_KEY_ID = `AKIAWRONG${randomUUID().slice(0, 8).toUpperCase()}`;
const WRONG_SECRET = `wrong-${randomUUID()}`;

/** The job world and an s3rver whose data is in a folder of its own (the world's folder is searched for secrets). */
const world = useWorld(async () => {
  const jobWorld = await startJobWorld();
  const data = await startBaseWorld({ name: 's3rver' });
  jobWorld.onClose(() => data.close());
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: data.dir,
    configureBuckets: [{ name: 'feeds', configs: [] }],
  });
  const { port } = await server.run();
  jobWorld.onClose(() => server.close());
  const endpoint = `http://127.0.0.1:${port}`;
  const s3 = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY_ID, secretAccessKey: SECRET },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  jobWorld.onClose(() => Promise.resolve(s3.destroy()));
  return { ...jobWorld, endpoint, s3 };
});
let lines: string[];
beforeEach(() => {
  lines = [];
});

const put = (key: string, body: string) =>
  world.s3.send(new PutObjectCommand({ Bucket: 'feeds', Key: key, Body: body }));
const keys = async () =>
  ((await world.s3.send(new ListObjectsV2Command({ Bucket: 'feeds' }))).Contents ?? []).map((o) => o.Key).sort();

function job(source: string, extra: Record<string, string>, jobsDir = world.jobsDir): Promise<JobDefinition> {
  return writeJob(jobsDir, 'bucket', [
    `name: bucket`,
    `source: ${source}`,
    'schedule: "0 2 * * *"',
    `endpoint: ${world.endpoint}`,
    ...Object.entries(extra).map(([k, v]) => `${k}: "${v}"`),
  ]);
}

function deps(): JobRunDeps & { said: string[] } {
  const said: string[] = [];
  const logger = createLogger({ level: 'trace', destination: { write: (line: string) => void lines.push(line) } });
  return { runnerFor: () => world.runner(world.ledger), logger, onNothingNew: (m) => said.push(m), said };
}

/** Runs `work` with these variables set, then puts the environment back as it was. */
async function withEnv<T>(vars: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  Object.assign(process.env, vars);
  try {
    return await work();
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** A run that fails to download: nothing sent, no secret in its words (either language). */
async function refused(definition: JobDefinition): Promise<SheetFileError> {
  const error = await sheetRefused(runJob(definition, deps()), world.sandbox);
  const words = [error.message, error.textIn('ar'), lines.join('')].join('\n');
  expect(words).not.toContain(WRONG_SECRET);
  expect(words).not.toContain(`= ${SECRET}`);
  return error;
}

describe('an s3 source', () => {
  it('a prefix of three daily files: the newest is taken, then moved; credentials from a file appear nowhere', async () => {
    // Put in this order: LastModified has whole seconds, and a tie goes to the name sorting last.
    await put('daily/prices-26.csv', productCsv(['b26']));
    await put('daily/prices-27.csv', productCsv(['b27']));
    await put('daily/prices-28.csv', productCsv(['b28-a', 'b28-b']));
    await put('daily/old/prices-99.csv', productCsv(['nested']));
    const credentials = join(world.dir, 's3.credentials');
    await writeFile(credentials, `[default]\naws_access_key_id = ${KEY_ID}\naws_secret_access_key = ${SECRET}\n`);
    const definition = await job('s3://feeds/daily/', {
      credentials_file: credentials,
      pattern: 'prices-*.csv',
      after: 'move ../done',
    });

    const [summary] = await runJob(definition, deps());
    expect(summary?.counts.created).toBe(2);
    expect(summary?.source).toBe('job:bucket s3://feeds/daily/prices-28.csv');
    expect(await keys()).toEqual([
      'daily/old/prices-99.csv',
      'daily/prices-26.csv',
      'daily/prices-27.csv',
      'done/prices-28.csv',
    ]);

    expect(await nothingTaken(definition, deps())).toEqual(['no new file matching prices-*.csv']);
    expect(createCount(world.sandbox)).toBe(2);

    const written = await Promise.all(
      (await readdir(world.dir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && e.name !== 's3.credentials' && !e.name.endsWith('.yaml'))
        .map((e) => readFile(join(e.parentPath, e.name), 'utf8')),
    );
    expect(lines.join('')).toContain('s3://feeds/daily/');
    expect([...lines, ...written].join('\n')).not.toContain(`= ${SECRET}`);
  });

  it('one key, with credentials from the environment', async () => {
    await put('exports/catalog.csv', productCsv(['e1']));
    await withEnv({ AWS_ACCESS_KEY_ID: KEY_ID, AWS_SECRET_ACCESS_KEY: SECRET }, async () => {
      const [summary] = await runJob(await job('s3://feeds/exports/catalog.csv', {}), deps());
      expect(summary?.counts.created).toBe(1);
      expect(await keys()).toEqual(['exports/catalog.csv']);
    });
  });

  it('wrong credentials from a file are a failed run naming the job, the source and the file, in both languages', async () => {
    await put('exports/catalog.csv', productCsv(['w1']));
    const credentials = join(world.dir, 'wrong.credentials');
    await writeFile(credentials, `aws_access_key_id = ${WRONG_KEY_ID}\naws_secret_access_key = ${WRONG_SECRET}\n`);
    const error = await refused(await job('s3://feeds/exports/catalog.csv', { credentials_file: credentials }));
    expect(error.message).toContain('s3://feeds/exports/catalog.csv: job "bucket" cannot download its sheet');
    expect(error.message).toContain(`check the access key and its rights on the bucket (${credentials})`);
    expect(error.textIn('ar')).toContain('s3://feeds/exports/catalog.csv: تعذّر على المهمة "bucket" تنزيل جدولها');
    expect(error.textIn('ar')).toContain(`تحقّق من مفتاح الوصول وصلاحياته على الحاوية (${credentials})`);
    expect(await keys()).toEqual(['exports/catalog.csv']);
  });

  it('wrong credentials from the environment are a failed run pointing at the variables', async () => {
    await put('exports/catalog.csv', productCsv(['w2']));
    const error = await withEnv({ AWS_ACCESS_KEY_ID: WRONG_KEY_ID, AWS_SECRET_ACCESS_KEY: WRONG_SECRET }, async () =>
      refused(await job('s3://feeds/exports/catalog.csv', {})),
    );
    expect(error.message).toContain('s3://feeds/exports/catalog.csv: job "bucket" cannot download its sheet');
    expect(error.message).toContain(
      'check the access key and its rights on the bucket (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY)',
    );
    expect(error.textIn('ar')).toContain('(AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY)');
  });

  it('a missing key fails naming the job, the source and the path, and sends nothing', async () => {
    const credentials = join(world.dir, 's3.credentials');
    await writeFile(credentials, `aws_access_key_id = ${KEY_ID}\naws_secret_access_key = ${SECRET}\n`);
    const definition = await job('s3://feeds/none.csv', { credentials_file: credentials });
    const error = await sheetRefused(runJob(definition, deps()), world.sandbox);
    expect(error.message).toContain('s3://feeds/none.csv: job "bucket" cannot download its sheet');
    expect(error.message).toContain('the server has no such file');
  });

  it('two machines on one Redis racing over a prefix of daily files never take one file twice', async () => {
    const credentials = join(world.dir, 's3.credentials');
    await writeFile(credentials, `[default]\naws_access_key_id = ${KEY_ID}\naws_secret_access_key = ${SECRET}\n`);
    const prefix = `test-${randomUUID()}`;
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    // Each machine: its own jobs folder (the same job file) and its own view of the shared state.
    const machines = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const jobsDir = join(world.dir, `jobs-${name}`);
        await mkdir(jobsDir);
        const keys = { credentials_file: credentials, pattern: 'prices-*.csv', after: 'keep' };
        const definition = await job('s3://feeds/daily/', keys, jobsDir);
        return { definition, state: redisJobState(redis, prefix) };
      }),
    );
    const taken: string[] = [];
    try {
      for (const day of [1, 2, 3]) {
        await put(`daily/prices-${day}.csv`, productCsv([`s${day}`]));
        const runs = await Promise.all(machines.map((m) => runJob(m.definition, { ...deps(), state: m.state })));
        for (const summary of runs.flat()) taken.push(summary.source);
      }
      expect(taken.length).toBeGreaterThan(0);
      expect(new Set(taken).size).toBe(taken.length);
      expect(createCount(world.sandbox)).toBe(taken.length);
      const [a, b] = machines;
      const shown = await lastDownload(a!.definition, a!.state);
      expect(shown?.where).toBe('s3://feeds/daily/');
      expect(await lastDownload(b!.definition, b!.state)).toEqual(shown);
    } finally {
      for (const m of machines) await m.state.close();
      const left = await redis.keys(`${prefix}:*`);
      if (left.length > 0) await redis.del(...left);
      await redis.quit();
    }
  });
});
