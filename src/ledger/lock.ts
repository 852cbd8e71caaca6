/**
 * One process at a time per ledger file. The file ledger keeps in memory where each key's line
 * is and appends to the file: two processes on one file would each miss the other's creates,
 * and could create one product twice. The lock is a `<ledger>.lock` file holding the owner's pid, created exclusively; a lock
 * whose process is gone (a crash) is taken over.
 */
import { hostname } from 'node:os';
import { open, readFile, rm } from 'node:fs/promises';
import { ConfigError } from '../config.ts';

export interface LedgerLock {
  release(): Promise<void>;
}

export async function lockLedger(ledgerPath: string): Promise<LedgerLock> {
  const lockPath = `${ledgerPath}.lock`;
  const owner = `${process.pid}\n${hostname()}\n`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(lockPath, 'wx');
      await file.writeFile(owner);
      await file.close();
      return { release: () => releaseIfOurs(lockPath, owner) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = await readFile(lockPath, 'utf8').catch(() => '');
    // The same process opening its ledger again (a restart within one process) is no second user.
    if (held === owner) return { release: () => Promise.resolve() };
    const [pid, host] = held.split('\n');
    if (isAlive(Number(pid), host)) {
      throw new ConfigError(
        'LEDGER_FILE',
        `${ledgerPath} is in use by process ${pid} (another catalog-sync import, watch or schedule run): the embedded mode runs one process at a time per ledger. Wait for it, stop it, or set REDIS_URL to run several processes on one ledger`,
      );
    }
    // Left by a process that is gone: take it over.
    await rm(lockPath, { force: true });
  }
  throw new ConfigError('LEDGER_FILE', `${ledgerPath}: could not take its lock file ${lockPath}`);
}

/** A lock from another machine (a shared folder) cannot be checked: it counts as held. */
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
