/**
 * What a job remembers between runs, kept beside its job file in `.state/<job>.json` (the job
 * file itself stays the person's own): its last download (when, how big, which file, from where),
 * for `schedule run` to show, and the folder files it has taken, so a pattern never takes one twice.
 * Written whole (temp file + rename) so a crash never leaves half a record.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { shownSource } from '../../notify/event.ts';

export interface LastDownload {
  /** ISO time the download finished. */
  at: string;
  bytes: number;
  /** The file's name where it came from. */
  file: string;
  /** Scheme, host and path (shownSource), or the folder: never a secret. */
  where: string;
}

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

interface JobRef {
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
export async function lastDownload(job: JobRef): Promise<LastDownload | null> {
  return (await readJobState(job)).lastDownload ?? null;
}

/** The line `schedule run` prints: where the sheet came from and its last download. */
export function sourceLine(source: string, download: LastDownload | null): string {
  if (download === null) return `source: ${shownSource(source)}`;
  return `source: ${download.where}; last download ${download.at}, ${download.bytes} bytes (${download.file})`;
}
