import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from './helpers.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'csv-text-formula-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("Excel's text formula in a CSV cell", () => {
  it('is the text between its quotes; any other = cell stays as written', async () => {
    const file = join(dir, 'formulas.csv');
    await writeFile(file, 'a,b,c,d,e\r\n="007",="a""b",="",=A1+1,"=""x"" y"\r\n');
    const { rows } = await readAll(file);
    expect(rows).toEqual([{ row: 2, values: ['007', 'a"b', null, '=A1+1', '="x" y'] }]);
  });
});
