/** Where catalog-sync keeps things on this machine: reports, the drop folder, jobs, the local ledger. */
import { z } from 'zod';

export const folderSettings = {
  reportDir: z.string().min(1),
  dropDir: z.string().min(1),
  dropSettleMs: z.coerce
    .number({ error: 'must be a number (milliseconds)' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more'),
  jobsDir: z.string().min(1),
  /** The local mode's ledger file (LEDGER_FILE); unset: `<stateHome>/catalog-sync/ledger.jsonl` (src/ledger/home.ts). */
  ledgerFile: z.string().min(1).optional(),
  /** Where per-user state lives (XDG_STATE_HOME, default ~/.local/state): the local mode's ledger home. */
  stateHome: z.string().min(1),
};

export const FOLDER_ENV = {
  reportDir: 'REPORT_DIR',
  dropDir: 'DROP_DIR',
  dropSettleMs: 'DROP_SETTLE_MS',
  jobsDir: 'JOBS_DIR',
  ledgerFile: 'LEDGER_FILE',
  stateHome: 'XDG_STATE_HOME',
} as const satisfies Record<keyof typeof folderSettings, string>;
