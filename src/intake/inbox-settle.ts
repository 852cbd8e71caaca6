/**
 * When an inbox file is whole, so the watcher takes it once: its size and modification time have
 * not changed for the settle time (default 10 s, long enough for a network copy that stalls), no
 * process on this machine holds it open for writing, and a ZIP (XLSX) has its end record. Until
 * then it waits, and says once why. Anything that is not a regular file is handed on at once, to
 * be refused (drop-file.ts), and never opened here.
 */
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { ZIP_SIGNATURE, zipComplete } from '../xlsx/index.ts';
import { DEFAULTS } from '../config.ts';
import { openRegularFile } from '../files/regular-file.ts';
import { openForWritingBy } from './open-writers.ts';

export const DEFAULT_SETTLE_MS = DEFAULTS.dropSettleMs;
const FIRST_RECHECK_MS = 250;
const MAX_RECHECK_MS = 5_000;

interface Seen {
  size: number;
  mtimeMs: number;
  /** When size and mtime last changed (or the file was first seen). */
  since: number;
  /** No readiness check before this. */
  checkAfter: number;
  /** The wait before the next check of a file still not whole: doubles up to MAX_RECHECK_MS. */
  recheckMs: number;
  /** The last reason given, so each is said once. */
  waitingFor: string | null;
}

export interface SettleOptions {
  settleMs: number;
  clock: () => number;
  /** Called once per new reason a settled file is not taken yet. */
  onWaiting: (name: string, reason: string) => void;
}

export class InboxSettle {
  private readonly seen = new Map<string, Seen>();

  constructor(private readonly options: SettleOptions) {}

  /** A file appeared or changed: its settle clock starts (again) at the next look. */
  touch(name: string): void {
    if (!this.seen.has(name))
      this.seen.set(name, {
        size: -1,
        mtimeMs: -1,
        since: this.options.clock(),
        checkAfter: 0,
        recheckMs: FIRST_RECHECK_MS,
        waitingFor: null,
      });
  }

  get size(): number {
    return this.seen.size;
  }

  /** Looks at every waiting file once; returns the names now whole, which stop being watched here. */
  async ready(pathOf: (name: string) => string): Promise<string[]> {
    const out: string[] = [];
    for (const [name, seen] of this.seen) {
      const path = pathOf(name);
      let info;
      try {
        info = await stat(path);
      } catch {
        this.seen.delete(name); // taken by another watcher, or removed
        continue;
      }
      if (!info.isFile()) {
        // A FIFO, a socket, a device or a folder named like a sheet never becomes whole, and must
        // never be opened here (a FIFO would block every look after it): taken at once, to be refused.
        this.seen.delete(name);
        out.push(name);
        continue;
      }
      const now = this.options.clock();
      if (info.size !== seen.size || info.mtimeMs !== seen.mtimeMs) {
        Object.assign(seen, { size: info.size, mtimeMs: info.mtimeMs, since: now, recheckMs: FIRST_RECHECK_MS });
        continue;
      }
      if (now - seen.since < this.options.settleMs || now < seen.checkAfter) continue;
      const reason = await notWholeYet(path).catch(
        (error: unknown) => `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      );
      if (reason === null) {
        this.seen.delete(name);
        out.push(name);
        continue;
      }
      // A file held open for long (or a cut-short XLSX nobody replaces) is looked at less and less
      // often: each look scans /proc, and a writer that closes it is seen within MAX_RECHECK_MS.
      seen.checkAfter = now + seen.recheckMs;
      seen.recheckMs = Math.min(MAX_RECHECK_MS, seen.recheckMs * 2);
      if (reason !== seen.waitingFor) this.options.onWaiting(name, reason);
      seen.waitingFor = reason;
    }
    return out;
  }
}

/** Why a file whose size has settled is not taken yet, or null when it is whole. */
export async function notWholeYet(path: string): Promise<string | null> {
  const writer = await openForWritingBy(path);
  if (writer !== null) return `still open for writing (process ${writer})`;
  if ((await looksLikeZip(path)) && !(await zipComplete(path)))
    return 'an XLSX without its ZIP end record (still being copied, or cut short)';
  return null;
}

async function looksLikeZip(path: string): Promise<boolean> {
  if (['.xlsx', '.xlsm'].includes(extname(path).toLowerCase())) return true;
  const handle = await openRegularFile(path);
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head.readUInt32LE(0) === ZIP_SIGNATURE.localHeader;
  } finally {
    await handle.close();
  }
}
