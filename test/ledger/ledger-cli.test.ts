/**
 * `catalog-sync ledger` through the real CLI (runCli) against the sandbox store over HTTP: what
 * the ledger knows about a key, all of it as formula-safe CSV, and forgetting a key on purpose
 * (asked first; off a terminal only with --yes), after which the product is created again; and
 * linking barcodes to product ids from a list (`ledger link --from`), which validate then plans by.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { cli } from '../intake/cli.ts';
import { createCount, productCsv, writeSheet } from '../intake/helpers.ts';
import { useSandboxWorld } from '../helpers/use-world.ts';

const world = useSandboxWorld('ledger-cli');

let env: Record<string, string>;
beforeEach(() => {
  env = {
    HOME: join(world.dir, 'home'),
    ...world.storeEnv,
    REPORT_DIR: join(world.dir, 'reports'),
  };
});
it('show says what the ledger knows about a key, in the words a person uses', async () => {
  const sheet = await writeSheet(join(world.dir, 'p.csv'), productCsv(['show-1']));
  expect((await cli(['import', sheet], env)).code).toBe(0);

  const known = await cli(['ledger', 'show', 'show-1'], env);
  expect(known.code).toBe(0);
  expect(known.stdout).toContain(join(world.dir, 'home', '.local', 'state', 'catalog-sync'));
  expect(known.stdout).toMatch(
    /barcode show-1 \(k:barcode:show-1\): synced: the store confirmed it \(batch \S+, row 2\)/,
  );

  const json = await cli(['ledger', 'show', 'barcode=show-1', 'product_id=99', '--json'], env);
  expect(json.code).toBe(1); // product 99 is not in the ledger
  const parsed = JSON.parse(json.stdout) as { keys: { key: string; entry: { st: string } | null }[] };
  expect(parsed.keys.map((k) => [k.key, k.entry?.st ?? null])).toEqual([
    ['k:barcode:show-1', 'synced'],
    ['p:99', null],
  ]);
});

it('export writes every entry as CSV with formulas neutralised', async () => {
  const sheet = await writeSheet(
    join(world.dir, 'p.csv'),
    'title,sale_price,category,barcode\nSafe,10,1,exp-1\nRisky,10,1,=HYPERLINK("x")\n',
  );
  expect((await cli(['import', sheet], env)).code).toBe(0);
  const out = join(world.dir, 'ledger.csv');
  const run = await cli(['ledger', 'export', '--out', out], env);
  expect(run.code).toBe(0);
  expect(run.stderr).toContain(`2 entries of ${join(world.dir, 'home')}`);
  const lines = (await readFile(out, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  expect(lines[0]).toBe('key,kind,field,value,state,batch,row');
  expect(lines).toContainEqual(expect.stringMatching(/^k:barcode:exp-1,create,barcode,exp-1,synced,\S+,2$/));
  // The value cell starts with = in the sheet: in the CSV it starts with ' (and the key cell is safe as it is).
  expect(lines).toContainEqual(expect.stringContaining(`,create,barcode,"'=HYPERLINK(""x"")",synced,`));
});

it('forget asks first: off a terminal only with --yes; a forgotten product is created again', async () => {
  const sheet = await writeSheet(join(world.dir, 'p.csv'), productCsv(['gone-1']));
  expect((await cli(['import', sheet], env)).code).toBe(0);
  expect(createCount(world.sandbox)).toBe(1);

  const refused = await cli(['ledger', 'forget', 'gone-1'], env);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('nothing was forgotten: not on a terminal');
  expect((await cli(['ledger', 'show', 'gone-1'], env)).code).toBe(0);

  const missing = await cli(['ledger', 'forget', 'never-there', '--yes'], env);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('barcode never-there (k:barcode:never-there): not in the ledger');

  const forgotten = await cli(['ledger', 'forget', 'gone-1', '--yes'], env);
  expect(forgotten.code).toBe(0);
  expect(forgotten.stdout).toContain('forgotten: barcode gone-1');
  expect((await cli(['ledger', 'show', 'gone-1'], env)).stdout).toContain('not in the ledger');

  expect((await cli(['import', sheet], env)).code).toBe(0);
  expect(createCount(world.sandbox)).toBe(2);
});

it('forget drops the values last sent too: the guard no longer holds a new price against a forgotten product', async () => {
  const id = world.sandbox.seedProduct({ title: 'Lamp', sale_price: 1, category: 1 }).product_id;
  const at = (price: number) =>
    writeSheet(join(world.dir, `p-${price}.csv`), `product_id,sale_price\n${id},${price}\n`);
  expect((await cli(['import', await at(100)], env)).code).toBe(0);

  // Remembered: a price cut by 90% is held until confirmed.
  const held = await cli(['import', await at(10)], env);
  expect(held.code).toBe(2);
  expect(held.stderr).toContain('sale_price 100 -> 10');

  expect((await cli(['ledger', 'forget', `product_id=${id}`, '--yes'], env)).code).toBe(0);
  const sent = await cli(['import', await at(10)], env);
  expect(sent.code).toBe(0);
  expect(world.sandbox.product(id)?.fields.sale_price).toBe(10);
});

it('links the export, refuses a line linked to another product naming both rows, and a barcode-only row then updates', async () => {
  const sheet = await writeSheet(join(world.dir, 'p.csv'), productCsv(['lk-1', 'lk-2']));
  expect((await cli(['import', sheet], env)).code).toBe(0);
  const [one, two] = world.sandbox.products();
  const list = join(world.dir, 'export.csv');
  await writeFile(
    list,
    `\uFEFFProduct ID,Barcode\n${one!.product_id},lk-1\n${two!.product_id},lk-2\n${two!.product_id + 100},lk-1\n`,
  );
  // validate plans the sheet against the store's ledger: nothing would be created twice.
  const before = await cli(['validate', sheet, '--json'], env);
  expect((JSON.parse(before.stdout) as { sheets: { plan: Record<string, number> }[] }).sheets[0]!.plan).toMatchObject({
    create: 0,
    skipped: 2,
  });
  const linked = await cli(['ledger', 'link', '--from', list], env);
  expect(linked.code).toBe(1);
  expect(linked.stdout).toContain('2 linked, 0 already linked, 1 refused');
  expect(linked.stderr).toMatch(
    new RegExp(
      `export\\.csv, row 4: barcode lk-1 is already linked to product_id ${one!.product_id} \\(batch \\S+, row 2\\); nothing changed`,
    ),
  );
  const shown = await cli(['ledger', 'show', 'lk-1'], env);
  expect(shown.stdout).toContain(`also known as: product_id ${one!.product_id} (p:${one!.product_id})`);
  expect(shown.stdout).toMatch(/\n {2}title: /);

  // The same sheet again: its rows name only the barcode, and now update the two products, as
  // validate says first.
  const after = await cli(['validate', sheet], env);
  expect(after.stdout).toContain("a full sync would, against the store's ledger");
  expect(after.stdout).toContain('create 0, update 2, change status 0; not send 0');
  const again = await cli(['import', sheet, '--mode', 'full', '--json'], env);
  expect(again.code).toBe(0);
  expect((JSON.parse(again.stdout) as { counts: Record<string, number> }).counts).toMatchObject({ updated: 2 });
  expect(world.sandbox.products()).toHaveLength(2);
});
