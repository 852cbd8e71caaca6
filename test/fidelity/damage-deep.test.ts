/**
 * A file damaged far into its sheet, or a zip bomb, is refused before the first row is sent, and
 * every command says so the same way (issues 11 and 12): `validate` and `import` exit 2 with the
 * same message and the store receives nothing; a dropped file goes to failed/ with that message.
 * The damage is crafted (test/fixtures/read/make-crafted-xlsx.ts): CRC-32 and sizes are right,
 * only the content is wrong, so nothing but reading the whole sheet finds it.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { productRows, rowXml, workbook } from '../fixtures/read/make-crafted-xlsx.ts';
import { useWorld } from '../helpers/use-world.ts';
import { startWorld } from '../intake/helpers.ts';
import { cli as run, dropFile, useStoreWithProducts, type CliRun } from './helpers.ts';

const f = useStoreWithProducts(0);
const world = useWorld(() => startWorld(), { once: true });

const cli = (...args: string[]): Promise<CliRun> => run([...args, '--report-dir', join(f.dir, 'reports')], f.store.env);

/** 300 good products, then `tail` (raw XML) where the sheet's last rows would be. */
const damagedAtEnd = (tail: string): Buffer => workbook(productRows() + tail);

const cases: { name: string; file: Buffer; message: string }[] = [
  {
    name: 'row numbers that go backwards after row 301',
    file: damagedAtEnd(rowXml('120', ['Late row', 'صف', 1, 10, 7_000_001])),
    message: `the sheet's row numbers are damaged: row "120" after row 301`,
  },
  {
    name: 'a cell past column XFD in the last row',
    file: damagedAtEnd(rowXml('302', '<c r="ZZZZZZ302"><v>1</v></c>')),
    message: 'cell "ZZZZZZ302" (row 302) lies past column XFD',
  },
  {
    name: 'a shared string the workbook does not have',
    file: damagedAtEnd(rowXml('302', '<c r="A302" t="s"><v>7</v></c>')),
    message: 'a cell refers to shared string 7, but the table holds 0',
  },
  {
    name: 'XML that ends inside a tag',
    file: damagedAtEnd('<row r="302"><c r="A302" t="inlineStr"><is><t>x</t></is></c><c r="B302'),
    message: 'damaged XML: a part ends in the middle of a tag',
  },
  {
    // 3 MB of one letter packs to a few KB: more than 100 to 1, refused before it is unpacked.
    name: 'a zip bomb (a sheet part that unpacks to over 100 times its size)',
    file: damagedAtEnd(rowXml('302', ['x'.repeat(3_000_000)])),
    message: 'xl/worksheets/sheet1.xml would unpack from 9 KB to 2.9 MB, more than 100 times its packed size',
  },
];

describe.each(cases)('$name', ({ name, file: bytes, message }) => {
  let file: string;
  beforeAll(async () => {
    file = join(f.dir, `${name.replace(/\W+/g, '-')}.xlsx`);
    await writeFile(file, bytes);
  });

  it('validate: exit 2, naming the file and the damage', async () => {
    const { code, out, err } = await cli('validate', file);
    expect(out).toBe('');
    expect(err).toContain(`cannot read sheet: ${file}: `);
    expect(err).toContain(message);
    expect(code).toBe(2);
  });

  it('import: the same exit 2 and message, and nothing reaches the store', async () => {
    f.store.sandbox.resetStats();
    const { code, err } = await cli('import', file);
    expect(err).toContain(`cannot read sheet: ${file}: `);
    expect(err).toContain(message);
    expect(code).toBe(2);
    expect(f.store.sandbox.requestCount('/v1/create_product')).toBe(0);
    expect(f.store.sandbox.products()).toHaveLength(0);
  });

  it('watch: the dropped file goes to failed/ with the same message, and nothing reaches the store', async () => {
    world.sandbox.resetStats();
    const dropRoot = join(f.dir, `drop-${name.replace(/\W+/g, '-')}`);
    const { result, layout, claimed } = await dropFile(world, dropRoot, 'catalog.xlsx', bytes, 'delta');
    expect(result).toEqual({ status: 'failed', error: expect.stringContaining(message) as unknown });
    expect((await readdir(layout.failed)).sort()).toEqual([claimed, `${claimed}.error.txt`]);
    expect(await readFile(join(layout.failed, `${claimed}.error.txt`), 'utf8')).toContain(message);
    expect(world.sandbox.requestCount('/v1/create_product')).toBe(0);
  });
});
