/**
 * Every test file runs with a home and an XDG state directory of its own, so the per-user ledger
 * (src/ledger/home.ts) of a test that sets no LEDGER_FILE, and of the processes it spawns, never
 * lands in the real home. Removed when the file's tests end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const home = mkdtempSync(join(tmpdir(), 'catalog-sync-home-'));
process.env.HOME = home;
process.env.XDG_STATE_HOME = join(home, '.local', 'state');
afterAll(() => rmSync(home, { recursive: true, force: true }));
