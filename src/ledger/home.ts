/**
 * Where the local mode's ledger lives. Per user, not per working directory, so a sheet imported from
 * one folder and dropped into a drop folder elsewhere meets the same ledger:
 * `LEDGER_FILE`, else `$XDG_STATE_HOME/catalog-sync/ledger.jsonl` (`~/.local/state/...`); one
 * file per store and account beside it (`ledger.<scope>.jsonl`).
 */
import { join } from 'node:path';
import type { Config } from '../config.ts';

/** The configured base name of the local mode's ledger's files. */
export function ledgerFileOf(config: Pick<Config, 'ledgerFile' | 'stateHome'>): string {
  return config.ledgerFile ?? join(config.stateHome, 'catalog-sync', 'ledger.jsonl');
}

/** A file ledger whose entries Redis took over: renamed so, it tells local runs to use Redis. */
export function movedToRedis(scopedFile: string): string {
  return `${scopedFile}.moved-to-redis`;
}
