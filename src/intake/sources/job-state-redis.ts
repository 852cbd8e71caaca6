/**
 * A job's state in Redis, under the store's prefix, for schedules that run on several machines
 * (any worker may take a tick, each with its own jobs folder, read-only in docker-compose.yml):
 * `<prefix>:jobs:<job>` a hash whose `lastDownload` is the JSON of the last download, and
 * `<prefix>:jobs:<job>:taken` a list of the folder files taken, newest last (pushed and trimmed in
 * one MULTI). A folder file is claimed (SET NX PX, kept alive while its batch runs: claims.ts)
 * before it is read, so two machines never take the same one. Nothing here is a secret: `where`
 * is shownSource's scheme, host and path.
 */
import type { RedisClient } from '../../redis.ts';
import { RedisClaims } from '../claims.ts';
import type { JobRef, JobState, JobStateStore, TakenFile } from './job-state.ts';
import type { LastDownload } from './last-download.ts';

/** As the file keeps: enough to know a folder's recent files. */
const TAKEN_KEPT = 500;

/** A claim lives this long after its holder is gone (crashed): then another machine may take the file. */
const CLAIM_TTL_MS = 60_000;

export interface RedisJobState extends JobStateStore {
  /** Lets go of every claim this process holds. */
  close(): Promise<void>;
}

const fileId = (job: JobRef, file: TakenFile) => `${job.name}:${file.bytes}:${file.mtimeMs}:${file.name}`;

export function redisJobState(redis: RedisClient, prefix: string): RedisJobState {
  const key = (job: JobRef) => `${prefix}:jobs:${job.name}`;
  const claims = new RedisClaims(redis, `${prefix}:jobs:claim`, CLAIM_TTL_MS);
  return {
    async read(job) {
      const [download, taken] = await Promise.all([
        redis.hget(key(job), 'lastDownload'),
        redis.lrange(`${key(job)}:taken`, 0, -1),
      ]);
      const state: JobState = {};
      if (download !== null) state.lastDownload = JSON.parse(download) as LastDownload;
      if (taken.length > 0) state.taken = taken.map((one) => JSON.parse(one) as TakenFile);
      return state;
    },
    async recordDownload(job, download) {
      await redis.hset(key(job), 'lastDownload', JSON.stringify(download));
    },
    async recordTaken(job, file) {
      const list = `${key(job)}:taken`;
      const entry: TakenFile = { name: file.name, bytes: file.bytes, mtimeMs: file.mtimeMs };
      await redis.multi().rpush(list, JSON.stringify(entry)).ltrim(list, -TAKEN_KEPT, -1).exec();
    },
    claim: (job, file) => claims.tryClaim(fileId(job, file), { hold: true }),
    release: (job, file) => claims.release(fileId(job, file)),
    close: () => claims.close(),
  };
}
