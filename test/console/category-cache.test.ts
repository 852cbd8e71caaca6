/**
 * The console's kept category list (src/console/category-cache.ts) against the sandbox store:
 * asked once while it is fresh, again once older than KEEP_MS, and a failed call not kept.
 */
import { describe, expect, it } from 'vitest';
import { KEEP_MS, keptCategories } from '../../src/console/category-cache.ts';
import { startWorld } from '../sync/helpers/world.ts';

describe('the kept category list', () => {
  it('asks the store once while fresh, again when old, and never for a peek', async () => {
    const world = await startWorld();
    try {
      let now = 1_000_000;
      const kept = keptCategories(world.client(), () => now);
      expect(kept.kept()).toBeNull();
      const [a, b] = await Promise.all([kept.list(), kept.list()]);
      expect(a).toBe(b);
      expect(kept.kept()?.map((c) => c.category_name)).toContain('Perfumes');
      expect(world.sandbox.requestCount('/v1/categories')).toBe(1);
      now += KEEP_MS + 1;
      expect(kept.kept()).toBeNull();
      await kept.list();
      expect(world.sandbox.requestCount('/v1/categories')).toBe(2);
    } finally {
      await world.close();
    }
  });

  it('does not keep a failed call: the next one asks again', async () => {
    const world = await startWorld();
    try {
      // Every attempt of the first call fails (the client retries a 503 a few times).
      world.sandbox.inject({ kind: 'status503', path: '/v1/categories', times: Infinity });
      const kept = keptCategories(world.client({ maxAttempts: 2 }));
      await expect(kept.list()).rejects.toThrow();
      expect(kept.kept()).toBeNull();
      world.sandbox.clearFaults();
      const list = await kept.list();
      expect(list.length).toBeGreaterThan(0);
      expect(kept.kept()).toBe(list);
    } finally {
      await world.close();
    }
  });
});
