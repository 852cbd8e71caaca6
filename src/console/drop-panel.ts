/**
 * The drop folder panel (read-only): what waits in inbox/, what is in processing/, and what ended
 * in done/ (with `<name>.report.json`'s status and counts) or failed/ (with `<name>.error.txt`).
 * Layout and names as the watcher keeps them (src/intake/drop-layout.ts, drop-file.ts). Newest
 * first, at most LIMIT per folder: a claimed file's name starts with its claim time, so only the
 * shown files' reports are read, however many a folder holds.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { dropLayout, isIgnoredName, parseClaimedName } from '../intake/drop-layout.ts';
import type { OutcomeCounts } from '../outcome.ts';
import type { DropFileView, DropFolderView, DropView } from './answers/panels.ts';

/** Files shown per folder. */
export const DROP_LIST_LIMIT = 50;

/** Reads the drop folder at `root` (DROP_DIR); a folder not made yet is empty. */
export async function dropView(root: string): Promise<DropView> {
  const layout = dropLayout(root);
  const [inbox, processing, done, failed] = await Promise.all([
    folderView(layout.inbox, () => Promise.resolve({})),
    folderView(layout.processing, () => Promise.resolve({})),
    folderView(layout.done, (claimed) => doneOutcome(join(layout.done, `${claimed}.report.json`))),
    folderView(layout.failed, (claimed) => failedOutcome(join(layout.failed, `${claimed}.error.txt`))),
  ]);
  return { inbox, processing, done, failed };
}

type Outcome = Pick<DropFileView, 'status' | 'batchId' | 'total' | 'counts' | 'message'>;

async function folderView(dir: string, outcomeOf: (stored: string) => Promise<Outcome>): Promise<DropFolderView> {
  let names: string[];
  try {
    const all = (await readdir(dir, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && !isIgnoredName(entry.name))
      .map((entry) => entry.name);
    const present = new Set(all);
    names = all.filter((name) => !isSidecar(name, present));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { total: 0, files: [] };
    throw error;
  }
  const claimed = names.filter((name) => parseClaimedName(name) !== null);
  const unclaimed = names.filter((name) => parseClaimedName(name) === null);
  // Claim tokens sort by time; unclaimed files (the inbox) by when they were last written.
  const newestClaimed = claimed.sort().reverse().slice(0, DROP_LIST_LIMIT);
  const files: DropFileView[] = [];
  for (const stored of [...newestClaimed, ...unclaimed]) {
    const info = await stat(join(dir, stored)).catch(() => null);
    if (!info) continue; // moved on meanwhile
    const parsed = parseClaimedName(stored);
    files.push({
      name: parsed?.name ?? stored,
      at: parsed ? claimTime(parsed.token) : info.mtime.toISOString(),
      bytes: info.size,
      ...(parsed ? await outcomeOf(stored) : {}),
    });
  }
  files.sort((a, b) => b.at.localeCompare(a.at));
  return { total: names.length, files: files.slice(0, DROP_LIST_LIMIT) };
}

/**
 * A failed.csv the watcher left beside a file in done/: `<claimed>.failed.csv`, or
 * `<claimed>.<sheet>.failed.csv`, where `<claimed>` is there too. (A failed.csv dropped into the
 * inbox to be synced is a file of its own: nothing of its name stands beside it.)
 */
function isSidecar(name: string, present: ReadonlySet<string>): boolean {
  if (!name.endsWith('.failed.csv')) return false;
  const base = name.slice(0, -'.failed.csv'.length);
  if (present.has(base)) return true;
  const dot = base.lastIndexOf('.');
  return dot > 0 && present.has(base.slice(0, dot));
}

/** `20260122-031500-ab12cd` -> `2026-01-22T03:15:00Z`. */
function claimTime(token: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})/.exec(token)!;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`;
}

async function doneOutcome(path: string): Promise<Outcome> {
  try {
    const report = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    return {
      ...(typeof report.status === 'string' ? { status: report.status } : {}),
      ...(typeof report.batchId === 'string' ? { batchId: report.batchId } : {}),
      ...(typeof report.total === 'number' ? { total: report.total } : {}),
      ...(report.counts !== undefined ? { counts: report.counts as OutcomeCounts | null } : {}),
      ...(typeof report.message === 'string' ? { message: report.message } : {}),
    };
  } catch {
    return {}; // no report (yet): the file is shown without an outcome
  }
}

async function failedOutcome(path: string): Promise<Outcome> {
  const text = await readFile(path, 'utf8').catch(() => null);
  return { status: 'failed', ...(text !== null ? { message: text.trim().slice(0, 2000) } : {}) };
}
