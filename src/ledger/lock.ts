/**
 * One process at a time per ledger file. The file ledger keeps in memory where each key's line
 * is and appends to the file: two processes on one file would each miss the other's creates,
 * and could create one product twice. The lock is a `<ledger>.lock` file holding the owner's pid
 * (files/pid-lock.ts); a lock whose process is gone (a crash) is taken over.
 */
import { ConfigError } from '../config.ts';
import { takePidLock, type PidLock } from '../files/pid-lock.ts';

export type LedgerLock = PidLock;

export async function lockLedger(ledgerPath: string): Promise<LedgerLock> {
  const lockPath = `${ledgerPath}.lock`;
  const taken = await takePidLock(lockPath);
  if (taken.lock) return taken.lock;
  if (taken.heldBy === 'unknown')
    throw new ConfigError('LEDGER_FILE', `${ledgerPath}: could not take its lock file ${lockPath}`);
  const holder = taken.holder
    ? `catalog-sync ${taken.holder}`
    : 'another catalog-sync import, watch, serve or schedule run';
  throw new ConfigError(
    'LEDGER_FILE',
    `${ledgerPath} is in use by process ${taken.heldBy} (${holder}): the local mode runs one process at a time per ledger. Wait for it, stop it, sync through it (serve: its console), or set REDIS_URL to run several processes on one ledger`,
  );
}
