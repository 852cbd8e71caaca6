/** `template --with-categories` against the sandbox store over real HTTP. */
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.ts';
import { withSandbox } from '../../src/sandbox/index.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('template-categories');

describe('template --with-categories', () => {
  it('fills a Categories sheet from the store and a category dropdown fed by it', async () => {
    await withSandbox({}, async (sandbox) => {
      const stderr = new PassThrough();
      let err = '';
      stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const env = {
        STORE_URL: sandbox.url,
        STORE_EMAIL: sandbox.email,
        STORE_PASSWORD: sandbox.password,
        LOG_LEVEL: 'silent',
      };
      const code = await runCli(['template', '--out', tmp.dir, '--with-categories'], {
        stdout: new PassThrough(),
        stderr,
        env,
      });
      expect(err).toBe('');
      expect(code).toBe(0);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(join(tmp.dir, 'products-template.xlsx'));
      const categories = workbook.getWorksheet('Categories');
      const ids: unknown[] = [];
      categories?.eachRow((row, number) => {
        if (number > 1) ids.push(row.getCell(1).value);
      });
      expect(ids).toEqual(sandbox.categories().map((c) => c.category_id));
      expect(categories?.getCell('D5').value).toBe('4 - Perfumes');
    });
  });

  it('exits 2 without store settings', async () => {
    const code = await runCli(['template', '--out', tmp.dir, '--with-categories'], {
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      env: {},
    });
    expect(code).toBe(2);
  });
});
