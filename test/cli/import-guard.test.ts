/** `import` and the guard: a sheet that lowers a price sharply stops with exit 2 naming the rows, sending nothing, until --confirm. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, useSandboxCli } from '../intake/cli.ts';

const t = useSandboxCli('import-guard');

describe('import --confirm', () => {
  it('holds a sheet lowering a price by more than GUARD_PRICE_DROP, then sends it with --confirm', async () => {
    const a = t.sandbox.seedProduct({ title: 'Lamp', sale_price: 1, category: 1 }).product_id;
    const b = t.sandbox.seedProduct({ title: 'Desk', sale_price: 1, category: 1 }).product_id;
    const first = join(t.dir, 'first.csv');
    await writeFile(first, ['product_id,sale_price', `${a},100`, `${b},100`].join('\n'));
    expect((await cli(['import', first], t.env)).code).toBe(0);

    const cut = join(t.dir, 'cut.csv');
    await writeFile(cut, ['product_id,sale_price', `${a},95`, `${b},30`].join('\n'));
    t.sandbox.resetStats();
    const held = await cli(['import', cut], t.env);
    expect(held.code).toBe(2);
    expect(held.stderr).toContain('held by the guard, nothing sent');
    expect(held.stderr).toContain('row 3 sale_price 100 -> 30');
    expect(held.stderr).toContain('--confirm');
    expect(t.sandbox.requestCount('/v1/update_product')).toBe(0);

    // A looser setting lets it through; so does --confirm.
    expect((await cli(['import', cut, '--dry-run'], t.env)).code).toBe(0);
    const sent = await cli(['import', cut, '--confirm'], t.env);
    expect(sent.code).toBe(0);
    expect(t.sandbox.product(b)?.fields.sale_price).toBe(30);
    await writeFile(cut, ['product_id,sale_price', `${b},10`].join('\n'));
    expect((await cli(['import', cut], { ...t.env, GUARD_PRICE_DROP: '0.8' })).code).toBe(0);
    expect(t.sandbox.product(b)?.fields.sale_price).toBe(10);
  });
});
