/**
 * A local-mode `serve` holds its store's ledger file: an `import` of the same store beside it exits
 * 2 naming the process that holds it, `catalog-sync serve` (it named "another import, watch or
 * schedule run"), and the read-only commands read beside it: `ledger show` (it exited 2 too) and
 * `validate`. The real CLI.
 */
import { expect, it } from 'vitest';
import { until } from '../helpers/until.ts';
import { useCliWorld } from '../sync/helpers/cli-world.ts';

const t = useCliWorld();
const LOCAL = { REDIS_URL: undefined };

it('beside a local serve: import names serve and exits 2; ledger show and validate read', async () => {
  const sheet = await t.world.sheet('p.csv', ['title,category,sale_price,barcode', 'Oud,1,5,SIDE-1']);
  const first = t.cli(['import', sheet], LOCAL);
  expect(await first.exit(), first.all()).toBe(0);

  const serve = t.cli(['serve', '--port', '0'], { ...LOCAL, CONSOLE_TOKEN: 'beside-serve-token-0123456789' });
  await until(() => serve.out().includes('console on '), 'the console to listen');

  const again = t.cli(['import', sheet], LOCAL);
  expect(await again.exit()).toBe(2);
  expect(again.err()).toContain('(catalog-sync serve)');

  const show = t.cli(['ledger', 'show', 'SIDE-1'], LOCAL);
  expect(await show.exit(), show.all()).toBe(0);
  expect(show.out()).toContain('synced: the store confirmed it');

  const validate = t.cli(['validate', sheet], LOCAL);
  expect(await validate.exit(), validate.all()).toBe(0);
  expect(t.world.sandbox.requestCount('/v1/create_product')).toBe(1);
});
