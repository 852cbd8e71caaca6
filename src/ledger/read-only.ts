/**
 * A look at the store's ledger that changes nothing and takes no lock: `ledger show` reads beside
 * the process that has the local ledger open (a `serve`, a `watch`), which the file's lock would
 * refuse. The file is read whole, line by line, its last line for a key winning (as at open); a
 * line being appended just then is not a whole line yet and is not read. With Redis the ledger is
 * opened as any command opens it (App.readLedger): no lock to meet, and a file it finds is taken over.
 */
import { ConfigError, type Config } from '../config.ts';
import { storeIdentityOf, storeScope } from '../store/identity.ts';
import { scanLines } from './file-lines.ts';
import { productIdOfKey } from './links.ts';
import { scopedLedgerFile } from './file-store.ts';
import { ledgerFileOf } from './home.ts';
import type { Ledger, LedgerEntry, ProductRecords } from './ledger.ts';
import { exists } from './take-over.ts';

export interface LedgerView extends ProductRecords, Pick<Ledger, 'getMany'> {
  /** Where it lives, for people: the file's path, or `redis <key>`. */
  where: string;
}

/** The local mode's ledger file of the configured store, read whole without its lock. */
export async function readLedgerFile(config: Config): Promise<LedgerView> {
  const scope = storeScope(storeIdentityOf(config));
  const file = scopedLedgerFile(ledgerFileOf(config), scope);
  // Moved to Redis: the file is no longer what the store's ledger knows (open.ts refuses it too).
  if (await exists(`${file}.moved-to-redis`))
    throw new ConfigError(
      'REDIS_URL',
      `is not set, but the ledger of ${config.storeUrl} moved to Redis (${file}.moved-to-redis): set REDIS_URL to read it`,
    );
  const entries = new Map<string, LedgerEntry>();
  await scanLines(file, (line) => {
    if ('e' in line) entries.set(line.k, line.e);
    else entries.delete(line.k);
  });
  return {
    getMany: (keys) => Promise.resolve(keys.map((key) => entries.get(key))),
    *products() {
      for (const [key, entry] of entries) {
        const id = productIdOfKey(key);
        if (id !== null) yield { id, entry };
      }
    },
    where: file,
  };
}
