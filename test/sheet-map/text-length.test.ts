/**
 * Text fields have a length limit: a cell longer than MAX_TEXT_LENGTH (default 65,535 characters)
 * is an invalid row naming the row, the column, the length and the limit. `validate` says so, and
 * `import` sends nothing for it (never a create in doubt); the other rows go through.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli as inProcess } from '../intake/cli.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { useSheet } from '../helpers/use-sheet.ts';
import { useSandboxWorld } from '../helpers/use-world.ts';

const TEN_MB = 10 * 1024 * 1024;

const world = useSandboxWorld('text-length', { once: true });

const sheet = useSheet(world, 'long.csv', [
  'title,description,category,sale_price,barcode',
  'Tea,Fine tea,1,5,L1',
  `Coffee,${'x'.repeat(TEN_MB)},1,7,L2`,
  `${'T'.repeat(70_000)},Short,1,3,L3`,
]);

async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  const run = await inProcess(['--report-dir', join(world.dir, 'reports'), ...args], {
    LEDGER_FILE: join(world.dir, 'ledger', 'ledger.jsonl'),
    ...env,
  });
  return { code: run.code, out: run.stdout };
}

describe('text fields have a length limit', () => {
  it('validate: a 10 MB description and a 70,000-character title are invalid rows naming row, column, length and limit', async () => {
    const { code, out } = await cli(['validate', sheet.path, '--json']);
    expect(code).toBe(1);
    const result = JSON.parse(out) as {
      sheets: { invalidRows: number; issues: { row: number; column: string; code: string; message: string }[] }[];
    };
    const [summary] = result.sheets;
    expect(summary?.invalidRows).toBe(2);
    expect(summary?.issues).toMatchObject([
      {
        row: 3,
        column: 'description',
        code: 'too_long',
        severity: 'error',
        message: 'description: 10,485,760 characters, more than the limit of 65,535 for a text field: shorten it',
      },
      {
        row: 4,
        column: 'title',
        code: 'too_long',
        severity: 'error',
        message: 'title: 70,000 characters, more than the limit of 65,535 for a text field: shorten it',
      },
    ]);
  });

  it('import: the long rows end invalid and are never sent; the good row is created', async () => {
    const env = {
      STORE_URL: world.sandbox.url,
      STORE_EMAIL: world.sandbox.email,
      STORE_PASSWORD: world.sandbox.password,
    };
    const { code, out } = await cli(['import', sheet.path, '--json'], env);
    expect(code).toBe(1);
    const summary = JSON.parse(out) as BatchSummary;
    expect(summary.counts).toMatchObject({ created: 1, invalid: 2, unknown: 0 });
    expect(world.sandbox.requestCount('/v1/create_product')).toBe(1);
    const results = await readFile(join(summary.reportDir, 'results.csv'), 'utf8');
    expect(results).toContain('more than the limit of 65,535 for a text field: shorten it');
  });

  it('the limit is a setting: MAX_TEXT_LENGTH=4 makes "Coffee" too long', async () => {
    const small = join(world.dir, 'small.csv');
    await writeFile(small, 'title,category,sale_price\nTea,1,5\nCoffee,1,7\n');
    const { code, out } = await cli(['validate', small, '--json'], { MAX_TEXT_LENGTH: '4' });
    expect(code).toBe(1);
    expect(out).toContain('title: 6 characters, more than the limit of 4 for a text field: shorten it');
  });

  it("validate's own line names the setting, for whoever runs the command", async () => {
    const small = join(world.dir, 'small.csv');
    await writeFile(small, 'title,category,sale_price\nTea,1,5\nCoffee,1,7\n');
    const { code, out } = await cli(['validate', small], { MAX_TEXT_LENGTH: '4' });
    expect(code).toBe(1);
    expect(out).toContain(
      'title: 6 characters, more than the limit of 4 for a text field: shorten it (the limit is the MAX_TEXT_LENGTH setting)',
    );
  });
});
