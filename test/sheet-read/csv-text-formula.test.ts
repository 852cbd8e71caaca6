import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAll } from './helpers.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('csv-text-formula', { once: true });

describe("Excel's text formula in a CSV cell", () => {
  it('is the text between its quotes; any other = cell stays as written', async () => {
    const file = join(tmp.dir, 'formulas.csv');
    await writeFile(file, 'a,b,c,d,e\r\n="007",="a""b",="",=A1+1,"=""x"" y"\r\n');
    const { rows } = await readAll(file);
    expect(rows).toEqual([{ row: 2, values: ['007', 'a"b', null, '=A1+1', '="x" y'] }]);
  });
});
