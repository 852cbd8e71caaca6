/** The guard's settings: GUARD_* for every store, a store's own in the stores file over them, each checked. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { applyStoresFile } from '../../src/store-choice.ts';
import { readStoresFile } from '../../src/stores-file.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('guard-settings', { once: true });

const store = (id: string, extra = ''): string =>
  `  - id: ${id}\n    url: https://api.${id}.example\n    email: ops@${id}.example\n    password_env: PW\n${extra}`;

describe('guard settings', () => {
  it('default to half, half and 20; the environment sets them', () => {
    expect(resolveConfig({})).toMatchObject({ guardPriceDrop: 0.5, guardChangeShare: 0.5, guardMinKnown: 20 });
    expect(resolveConfig({ GUARD_PRICE_DROP: '0.3', GUARD_CHANGE_SHARE: '1', GUARD_MIN_KNOWN: '0' })).toMatchObject({
      guardPriceDrop: 0.3,
      guardChangeShare: 1,
      guardMinKnown: 0,
    });
  });

  it.each([
    ['GUARD_PRICE_DROP', '0', 'GUARD_PRICE_DROP: must be greater than 0 (1 turns the check off)'],
    ['GUARD_CHANGE_SHARE', '1.5', 'GUARD_CHANGE_SHARE: must be at most 1 (1 turns the check off)'],
    ['GUARD_PRICE_DROP', 'half', 'GUARD_PRICE_DROP: must be a number from 0 to 1'],
    ['GUARD_MIN_KNOWN', '2.5', 'GUARD_MIN_KNOWN: must be a whole number'],
  ])('%s=%s is refused, naming the setting', (name, value, message) => {
    expect(() => resolveConfig({ [name]: value })).toThrow(message);
  });

  it("a store's own in the stores file wins over the environment's, for that store only", async () => {
    const path = join(tmp.dir, 'stores.yaml');
    await writeFile(
      path,
      `stores:\n${store('north', '    guard_price_drop: 0.2\n    guard_change_share: 0.9\n')}${store('south')}`,
    );
    const env = { STORES_FILE: path, GUARD_PRICE_DROP: '0.4' };
    const north = applyStoresFile(resolveConfig({ ...env, STORE: 'north' }), { PW: 'pw' }).config;
    expect(north).toMatchObject({ guardPriceDrop: 0.2, guardChangeShare: 0.9 });
    const south = applyStoresFile(resolveConfig({ ...env, STORE: 'south' }), { PW: 'pw' }).config;
    expect(south).toMatchObject({ guardPriceDrop: 0.4, guardChangeShare: 0.5 });

    const bad = join(tmp.dir, 'bad.yaml');
    await writeFile(bad, `stores:\n${store('north', '    guard_price_drop: 2\n')}`);
    expect(() => readStoresFile(bad, { PW: 'pw' })).toThrow(
      'stores[0] (id north): guard_price_drop: must be at most 1',
    );
  });
});

describe('undo settings', () => {
  it("UNDO_BATCHES defaults to 10; a store's hidden_status wins over HIDDEN_STATUS, for that store only", async () => {
    expect(resolveConfig({}).undoBatches).toBe(10);
    expect(resolveConfig({}).hiddenStatus).toBeUndefined();
    const path = join(tmp.dir, 'hidden.yaml');
    await writeFile(path, `stores:\n${store('north', '    hidden_status: 2\n')}${store('south')}`);
    const env = { STORES_FILE: path, HIDDEN_STATUS: '0', UNDO_BATCHES: '3' };
    const north = applyStoresFile(resolveConfig({ ...env, STORE: 'north' }), { PW: 'pw' }).config;
    expect(north).toMatchObject({ hiddenStatus: 2, undoBatches: 3 });
    const south = applyStoresFile(resolveConfig({ ...env, STORE: 'south' }), { PW: 'pw' }).config;
    expect(south).toMatchObject({ hiddenStatus: 0 });
    const bad = join(tmp.dir, 'bad-hidden.yaml');
    await writeFile(bad, `stores:\n${store('north', '    hidden_status: off\n')}`);
    expect(() => readStoresFile(bad, { PW: 'pw' })).toThrow(
      'stores[0] (id north): hidden_status: must be a whole number',
    );
  });
});
