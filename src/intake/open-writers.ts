/**
 * Whether some process on this machine still holds a file open for writing (Linux: /proc). A copy
 * that pauses longer than the settle time (a slow network upload) is still open in its writer, so
 * this tells a paused copy from a finished one. Where /proc is missing or a process's entries
 * cannot be read (another user's, one that just ended) it knows nothing and says no: the settle
 * time stays the rule there. Writers on other machines (a network share) are never seen here.
 */
import { readdir, readFile, readlink, realpath } from 'node:fs/promises';
import { join } from 'node:path';

const PROC = '/proc';
/** open(2) access mode bits: O_WRONLY 1, O_RDWR 2. */
const ACCESS_MODE = 0o3;

/** The id of a process holding `path` open for writing, or null (none seen, or no /proc). */
export async function openForWritingBy(path: string, proc = PROC): Promise<number | null> {
  let target: string;
  let pids: string[];
  try {
    target = await realpath(path);
    pids = (await readdir(proc)).filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue; // the watcher itself never writes into the inbox
    if (await holdsForWriting(join(proc, pid), target)) return Number(pid);
  }
  return null;
}

async function holdsForWriting(processDir: string, target: string): Promise<boolean> {
  let fds: string[];
  try {
    fds = await readdir(join(processDir, 'fd'));
  } catch {
    return false; // not ours to read, or gone
  }
  for (const fd of fds) {
    try {
      if ((await readlink(join(processDir, 'fd', fd))) !== target) continue;
      const info = await readFile(join(processDir, 'fdinfo', fd), 'utf8');
      const flags = /^flags:\s*([0-7]+)/m.exec(info)?.[1];
      if (flags !== undefined && (parseInt(flags, 8) & ACCESS_MODE) !== 0) return true;
    } catch {
      // The descriptor closed while we looked.
    }
  }
  return false;
}
