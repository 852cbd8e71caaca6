/**
 * What a job last downloaded (when, how big, which file, from where), kept beside its job file in
 * `.state/<job>.json` so `schedule run` can show it: the job file itself stays the person's own.
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
  /** Scheme, host and path (shownSource): never a secret. */
  where: string;
}

interface JobRef {
  name: string;
  file: string;
}

const stateFile = (job: JobRef): string => join(dirname(job.file), '.state', `${job.name}.json`);

export async function recordDownload(job: JobRef, download: LastDownload): Promise<void> {
  const file = stateFile(job);
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify({ lastDownload: download }, null, 2)}\n`);
  await rename(temp, file);
}

/** The job's last download, or null when it has none on record. */
export async function lastDownload(job: JobRef): Promise<LastDownload | null> {
  try {
    const state = JSON.parse(await readFile(stateFile(job), 'utf8')) as { lastDownload?: LastDownload };
    return state.lastDownload ?? null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The line `schedule run` prints: where the sheet came from and its last download. */
export function sourceLine(source: string, download: LastDownload | null): string {
  if (download === null) return `source: ${shownSource(source)}`;
  return `source: ${download.where}; last download ${download.at}, ${download.bytes} bytes (${download.file})`;
}
