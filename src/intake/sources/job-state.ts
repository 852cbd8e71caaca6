/**
 * What a job remembers between runs: its last download (when, how big, which file, from where),
 * for `schedule run` and the console to show, and the folder files it has taken, so a pattern
 * never takes one twice. Without Redis it is kept beside the job file in `.state/<job>.json` (the
 * job file itself stays the person's own), written whole (temp file + rename) so a crash never
 * leaves half a record. With Redis every machine shares it (job-state-redis.ts): a JobStateStore
 * is either.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { shownSource } from '../../notify/event.ts';
import type { LastDownload } from './last-download.ts';

/** A folder file a job took: its name, size and modification time tell it from a later file of the same name. */
export interface TakenFile {
  name: string;
  bytes: number;
  mtimeMs: number;
}

export interface JobState {
  lastDownload?: LastDownload;
  /** Newest last; only the latest TAKEN_KEPT are kept. */
  taken?: TakenFile[];
}

/** Enough to know a folder's recent files; older ones are also older than the last taken. */
const TAKEN_KEPT = 500;

export interface JobRef {
  name: string;
  file: string;
}

const stateFile = (job: JobRef): string => join(dirname(job.file), '.state', `${job.name}.json`);

export async function readJobState(job: JobRef): Promise<JobState> {
  try {
    return JSON.parse(await readFile(stateFile(job), 'utf8')) as JobState;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

async function writeJobState(job: JobRef, state: JobState): Promise<void> {
  const file = stateFile(job);
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(state, null, 2)}\n`);
  await rename(temp, file);
}

export async function recordDownload(job: JobRef, download: LastDownload): Promise<void> {
  await writeJobState(job, { ...(await readJobState(job)), lastDownload: download });
}

export async function recordTaken(job: JobRef, file: TakenFile): Promise<void> {
  const state = await readJobState(job);
  await writeJobState(job, { ...state, taken: [...(state.taken ?? []), file].slice(-TAKEN_KEPT) });
}

/** The job's last download, or null when it has none on record. */
export async function lastDownload(job: JobRef, state: JobStateStore = fileJobState): Promise<LastDownload | null> {
  return (await state.read(job)).lastDownload ?? null;
}

/**
 * Where a job's state is kept. `claim` holds a folder file for this run while its batch runs, so
 * two machines never take the same one; it is let go by `release` (after recordTaken, or when the
 * run takes nothing).
 */
export interface JobStateStore {
  read(job: JobRef): Promise<JobState>;
  recordDownload(job: JobRef, download: LastDownload): Promise<void>;
  recordTaken(job: JobRef, file: TakenFile): Promise<void>;
  /** True when this run now holds `file`; false while another run does. */
  claim(job: JobRef, file: TakenFile): Promise<boolean>;
  release(job: JobRef, file: TakenFile): Promise<void>;
}

/** The file beside the job file: one machine, whose schedule runs one job at a time (no claim needed). */
export const fileJobState: JobStateStore = {
  read: readJobState,
  recordDownload,
  recordTaken,
  claim: () => Promise.resolve(true),
  release: () => Promise.resolve(),
};

/** The line `schedule run` prints: where the sheet came from and its last download. */
export function sourceLine(source: string, download: LastDownload | null): string {
  if (download === null) return `source: ${shownSource(source)}`;
  return `source: ${download.where}; last download ${download.at}, ${download.bytes} bytes (${download.file})`;
}
