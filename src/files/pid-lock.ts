/**
 * A lock file held by one process: `<path>` created exclusively, holding the owner's pid and host.
 * A lock whose process is gone (a crash) is taken over; one from another machine (a shared
 * folder) cannot be checked, so it counts as held. The ledger (one process per ledger file) and
 * the notifications' outbox (one process delivers) hold one each.
 */
import { hostname } from 'node:os';
import { open, readFile, rm } from 'node:fs/promises';

export interface PidLock {
  release(): Promise<void>;
}

export type PidLockResult =
  { lock: PidLock; heldBy?: never; holder?: never } | { lock?: never; heldBy: string; holder?: string | undefined };

/**
 * What this process runs (`serve`, `ledger show`), written into the locks it takes: a process
 * refused a lock is told which command holds it. One fact of the whole process, named once by the
 * CLI's entry before the command runs; empty when none did.
 */
let holderName = '';

export function nameLockHolder(name: string): void {
  holderName = name.replace(/\s+/g, ' ').trim();
}

/** The lock for this process, or the pid (and command, when it said) of the live process that holds it. */
export async function takePidLock(lockPath: string): Promise<PidLockResult> {
  const owner = `${process.pid}\n${hostname()}\n${holderName}\n`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(lockPath, 'wx');
      await file.writeFile(owner);
      await file.close();
      return { lock: { release: () => releaseIfOurs(lockPath, owner) } };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = await readFile(lockPath, 'utf8').catch(() => '');
    // The same process taking its lock again (a restart within one process) is no second user.
    if (held === owner) return { lock: { release: () => Promise.resolve() } };
    const [pid, host, holder] = held.split('\n');
    if (isAlive(Number(pid), host)) return { heldBy: pid ?? '', holder: holder || undefined };
    // Left by a process that is gone: take it over.
    await rm(lockPath, { force: true });
  }
  return { heldBy: 'unknown' };
}

function isAlive(pid: number, host: string | undefined): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (host !== undefined && host !== hostname()) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function releaseIfOurs(lockPath: string, owner: string): Promise<void> {
  const held = await readFile(lockPath, 'utf8').catch(() => '');
  if (held === owner) await rm(lockPath, { force: true });
}
