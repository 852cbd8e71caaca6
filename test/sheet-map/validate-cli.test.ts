/** `catalog-sync validate` end to end: exit codes, summary, the issues CSV, --json. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withSandbox } from '../../src/sandbox/index.ts';
import { cli as inProcess } from '../intake/cli.ts';
import { fixture } from './helpers.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('validate');

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return cliWith({}, ...args);
}

async function cliWith(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; out: string; err: string }> {
  const { code, stdout, stderr } = await inProcess(['--report-dir', tmp.dir, ...args], env);
  return { code, out: stdout, err: stderr };
}

describe('validate', () => {
  it('exits 0 for a valid sheet and writes no issues file', async () => {
    const { code, out } = await cli('validate', fixture('arabic-headers.csv'));
    expect(code).toBe(0);
    expect(out).toContain('creates:        2');
    expect(out).toContain('no issues');
  });

  it('exits 1 with invalid rows, prints the first errors and writes them as a CSV for Excel', async () => {
    const csvPath = join(tmp.dir, 'out', 'errors.csv');
    const { code, out } = await cli('validate', fixture('bad-values.csv'), '--errors-csv', csvPath);
    expect(code).toBe(1);
    expect(out).toContain('invalid rows:   2 (not sent)');
    expect(out).toContain('row 2, sale_price [error] sale_price: "12,5O" is not a number (expected e.g. 12.50)');
    const csv = await readFile(csvPath, 'utf8');
    expect(csv.startsWith('\uFEFFsheet,row,column,severity,code,message\r\n')).toBe(true);
    expect(csv).toContain(
      ',3,sale_price,error,out_of_range,"sale_price: ""-4"" is below 0 (expected a number of 0 or more)"\r\n',
    );
    expect(csv.split('\r\n').filter((line) => line !== '').length).toBe(7);
  });

  it('defaults the issues CSV to <report-dir>/validate/<name>.issues.csv', async () => {
    const { code } = await cli('validate', fixture('unknown-and-report-columns.csv'));
    expect(code).toBe(1);
    const csv = await readFile(join(tmp.dir, 'validate', 'unknown-and-report-columns.issues.csv'), 'utf8');
    expect(csv).toContain(',1,Sale Prise,warning,unknown_column,');
  });

  it('--json prints every row issue', async () => {
    const { code, out } = await cli('validate', fixture('duplicates.csv'), '--json');
    expect(code).toBe(1);
    const json = JSON.parse(out) as {
      valid: boolean;
      sheets: { updates: number; invalidRows: number; issues: { row: number; code: string }[] }[];
    };
    expect(json.valid).toBe(false);
    expect(json.sheets[0]?.updates).toBe(2);
    expect(json.sheets[0]?.issues.map((i) => [i.row, i.code])).toEqual([
      [4, 'duplicate_product_id'],
      [5, 'duplicate_barcode'],
    ]);
  });

  it('--key-column reports two creates with one key, as import would', async () => {
    const file = join(tmp.dir, 'titles.csv');
    await writeFile(file, 'title,sale_price,category\nTea,5,1\nCoffee,6,1\nTea,7,1\n');
    const { code, out } = await cli('validate', file, '--key-column', 'title', '--json');
    expect(code).toBe(1);
    const json = JSON.parse(out) as { sheets: { issues: { row: number; code: string; message: string }[] }[] };
    expect(json.sheets[0]?.issues).toMatchObject([
      { row: 4, code: 'duplicate_title', message: expect.stringContaining('already on row 2') as string },
    ]);
    expect((await cli('validate', file, '--json')).code).toBe(0);
  });

  it('exits 2 when the file cannot be read, and for a bad --columns file', async () => {
    expect((await cli('validate', join(tmp.dir, 'missing.csv'))).code).toBe(2);
    const bad = await cli('validate', fixture('other-system.csv'), '--columns', fixture('bad-map.yaml'));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('bad-map.yaml: columns."SKU Name": "titel" is not a field (did you mean "title"?)');
  });

  it('reads a --columns map', async () => {
    const { code, out } = await cli('validate', fixture('other-system.csv'), '--columns', fixture('other-system.yaml'));
    expect(code).toBe(0);
    expect(out).toContain('creates:        1');
  });

  it("says which category names were read as which of the store's ids, asking for its list once", async () => {
    await withSandbox({}, async (sandbox) => {
      const file = join(tmp.dir, 'names.csv');
      await writeFile(file, 'title,sale_price,التصنيف\nTea,5,Perfumes\nشاي,6,عــطور\nCake,7,حلويات\nPen,8,3\n');
      const env = {
        STORE_URL: sandbox.url,
        STORE_EMAIL: sandbox.email,
        STORE_PASSWORD: sandbox.password,
        LEDGER_FILE: join(tmp.dir, 'ledger.jsonl'),
        LOG_LEVEL: 'silent',
      };
      const { code, out } = await cliWith(env, 'validate', file);
      expect(code).toBe(0);
      expect(out).toContain(
        [
          "  category names read as the store's categories:",
          '    التصنيف: "Perfumes" -> 4 (Perfumes)',
          '    التصنيف: "عــطور" -> 4 (Perfumes)',
          '    التصنيف: "حلويات" -> 5 (Sweets)',
        ].join('\n'),
      );
      expect(sandbox.requestCount('/v1/categories')).toBe(1);
      const ar = await cliWith(env, '--lang', 'ar', 'validate', file);
      expect(ar.out).toContain('    التصنيف: «حلويات» ← 5 (حلويات)');
      const json = JSON.parse((await cliWith(env, 'validate', file, '--json')).out) as {
        sheets: { categoryNames: unknown[] }[];
      };
      expect(json.sheets[0]?.categoryNames).toHaveLength(3);
    });
  });
});
