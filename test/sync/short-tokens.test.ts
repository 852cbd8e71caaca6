/**
 * Tokens are renewed before they expire whatever their lifetime: a sync against a store issuing
 * 5 s tokens, long enough to outlive several of them, meets no refused request. The store's clock
 * is the client's clock, and it moves as the client works (each reading of it by the client
 * advances it), so the run spans many token lifetimes in a moment of real time, deterministically.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { runSync } from '../../src/sync/index.ts';
import { clientFor } from '../store/helpers.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';

const ROWS = 300;
const STEP_MS = 25;

let sandbox: SandboxHandle | undefined;
let dir: string | undefined;
afterEach(async () => {
  await sandbox?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('short-lived tokens', () => {
  it.each(['absolute', 'duration'] as const)(
    '5 s tokens (expires_in %s): a sync spanning several lifetimes gets no request refused',
    async (expiresInStyle) => {
      let now = Date.parse('2026-11-23T12:00:00Z');
      const storeClock = () => now;
      const clientClock = () => (now += STEP_MS);
      sandbox = await startSandbox({ tokenTtlSeconds: 5, expiresInStyle, clock: storeClock });
      dir = await mkdtemp(join(tmpdir(), 'short-tokens-'));
      const lines = ['title,category,sale_price,barcode'];
      for (let i = 0; i < ROWS; i += 1) lines.push(`Item ${i},1,${10 + i},ST${i}`);
      const file = join(dir, 'items.csv');
      await writeFile(file, `${lines.join('\n')}\n`);
      const started = now;

      const client = clientFor(sandbox, {}, { now: clientClock });
      const summary = await runSync(
        { file },
        { client, reportDir: dir, rate: 10_000, concurrency: 4, clock: storeClock },
      );
      client.close();

      expect(summary.counts.created).toBe(ROWS);
      const refused = sandbox.requests().filter((r) => r.status === 400);
      expect(refused).toEqual([]);
      expect(now - started).toBeGreaterThan(4 * 5_000); // the run outlived at least four tokens
      expect(sandbox.requestCount('/v1/create_product')).toBe(ROWS);
      expect(sandbox.requestCount('/v1/authorization')).toBeGreaterThanOrEqual(5);
      const results = await readFile(join(summary.reportDir, 'results.csv'), 'utf8');
      expect(results).not.toContain('Access denied');
    },
  );
});
