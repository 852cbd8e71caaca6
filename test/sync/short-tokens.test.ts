/**
 * Tokens are renewed before they expire whatever their lifetime: a sync against a store issuing
 * 5 s tokens, long enough to outlive several of them, meets no refused request. The store's clock
 * is the client's clock, and it moves as the client works (each reading of it by the client
 * advances it), so the run spans many token lifetimes in a moment of real time, deterministically.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSync } from '../../src/sync/index.ts';
import { startSandboxWorld, type SandboxWorld } from '../helpers/base-world.ts';
import { clientFor } from '../store/helpers.ts';

const ROWS = 300;
const STEP_MS = 25;

// Each test's world is started inside it, with its sandbox on the test's clock.
let world: SandboxWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('short-lived tokens', () => {
  it.each(['absolute', 'duration'] as const)(
    '5 s tokens (expires_in %s): a sync spanning several lifetimes gets no request refused',
    async (expiresInStyle) => {
      let now = Date.parse('2026-11-23T12:00:00Z');
      const storeClock = () => now;
      const clientClock = () => (now += STEP_MS);
      world = await startSandboxWorld({
        name: 'short-tokens',
        sandbox: { tokenTtlSeconds: 5, expiresInStyle, clock: storeClock },
      });
      const { sandbox } = world;
      const lines = ['title,category,sale_price,barcode'];
      for (let i = 0; i < ROWS; i += 1) lines.push(`Item ${i},1,${10 + i},ST${i}`);
      const file = await world.sheet('items.csv', lines);
      const started = now;

      const client = clientFor(sandbox, {}, { now: clientClock });
      const summary = await runSync(
        { file },
        { client, reportDir: world.dir, rate: 10_000, concurrency: 4, clock: storeClock },
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
