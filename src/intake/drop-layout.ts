/**
 * The drop folder's layout and naming rules (pure). A claimed file is renamed
 * `processing/<token>--<name>`; the token (time + random) makes every claim unique, so a file
 * dropped twice never overwrites its namesake in processing/, done/ or failed/.
 */
import { basename, join } from 'node:path';

export interface DropLayout {
  root: string;
  inbox: string;
  processing: string;
  done: string;
  failed: string;
  /** Lock files of the local mode's claims (a dot-folder: never taken as a sheet). */
  locks: string;
}

export function dropLayout(root: string): DropLayout {
  return {
    root,
    inbox: join(root, 'inbox'),
    processing: join(root, 'processing'),
    done: join(root, 'done'),
    failed: join(root, 'failed'),
    locks: join(root, '.locks'),
  };
}

/** Partial uploads and editor droppings: `*.part`, `*.tmp`, Excel's `~$*` lock files, dot-files. */
export function isIgnoredName(path: string): boolean {
  const name = basename(path);
  return (
    name.startsWith('.') ||
    name.startsWith('~$') ||
    /\.(part|tmp)$/i.test(name) ||
    /\.(report\.json|error\.txt)$/i.test(name)
  );
}

/** A name a sheet would have: a folder so named is taken too, to be refused and moved to failed/. */
export function isSheetName(path: string): boolean {
  return /\.(csv|tsv|txt|xlsx|xlsm|xls)$/i.test(basename(path));
}

const CLAIMED = /^(\d{8}-\d{6}-[0-9a-f]{6})--(.+)$/;

/** `20260122-031500-ab12cd` from the clock and 6 random hex digits. */
export function claimToken(nowMs: number, randomHex: string): string {
  const iso = new Date(nowMs).toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}-${randomHex}`;
}

export function claimedName(token: string, name: string): string {
  return `${token}--${name}`;
}

/** The token and original name of a file in processing/, or null when it is not ours. */
export function parseClaimedName(claimed: string): { token: string; name: string } | null {
  const match = CLAIMED.exec(claimed);
  return match ? { token: match[1]!, name: match[2]! } : null;
}

/**
 * The batch of a claimed file: the claim token plus the content hash, so resuming after a crash
 * re-enqueues under the same batch (same job ids) and the same content in two claims differs.
 */
export function dropBatchId(token: string, contentHash: string): string {
  return `${token}-${contentHash.slice(0, 8)}`;
}
