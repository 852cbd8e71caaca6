/**
 * Defect 3: a hidden stale copy "Sheet1" (price 22.5) in front of the visible "Catalog" (price 45).
 * Every command reads the visible sheet, says which sheet it read, and that the hidden one was skipped.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, fixture, useStoreWithProducts } from './helpers.ts';

const f = useStoreWithProducts(1);

describe.each([
  ['hidden', 'hidden-stale-sheet.openpyxl.xlsx'],
  ['very hidden', 'very-hidden-stale-sheet.openpyxl.xlsx'],
])('a %s stale first sheet', (_state, name) => {
  it('validate checks the visible sheet and names the hidden one it skipped', async () => {
    const run = await f.validate(name);
    expect(run.code).toBe(0);
    expect(run.out).toContain('[sheet Catalog]');
    expect(run.out).toContain('hidden sheets skipped: "Sheet1" (name one with --sheet to read it)');
    expect(run.out).not.toContain('[sheet Sheet1]');
  });

  it('validate --json names the sheet read and the hidden sheets skipped', async () => {
    const run = await f.validate(name, '--json');
    const json = JSON.parse(run.out) as { sheets: { sheetName: string; hiddenSheetsSkipped: string[] }[] };
    expect(json.sheets).toEqual([expect.objectContaining({ sheetName: 'Catalog', hiddenSheetsSkipped: ['Sheet1'] })]);
  });

  it('import sends the visible price and its summary names the sheet', async () => {
    const run = await f.importFull(name, '--json');
    expect(run.code).toBe(0);
    expect(f.store.bodies('/v1/update_product')).toEqual([{ product_id: 1001, title: 'Desk lamp', sale_price: 45 }]);
    const summary = JSON.parse(run.out) as { sheet: { name: string; hiddenSkipped: string[] } };
    expect(summary.sheet).toEqual({ name: 'Catalog', hiddenSkipped: ['Sheet1'] });
  });

  it('import says in words which sheet it read', async () => {
    const run = await f.importFull(name);
    expect(run.code).toBe(0);
    expect(run.out).toContain('sheet read: "Catalog"');
    expect(run.out).toContain('hidden sheets skipped: "Sheet1" (name one with --sheet to read it)');
  });

  it('a scheduled job reads the same sheet', async () => {
    f.store.sandbox.resetStats();
    const jobs = join(f.dir, `jobs-${name}`);
    await mkdir(jobs, { recursive: true });
    const job = `name: hidden\nsource: ${fixture(name)}\nschedule: '30 2 * * *'\nmode: full\n`;
    await writeFile(join(jobs, 'hidden.yaml'), job);
    const run = await cli(['--report-dir', f.dir, 'schedule', 'run', 'hidden', '--json'], {
      ...f.store.env,
      JOBS_DIR: jobs,
    });
    expect(run.code).toBe(0);
    expect(f.store.bodies('/v1/update_product')).toEqual([{ product_id: 1001, title: 'Desk lamp', sale_price: 45 }]);
    expect((JSON.parse(run.out) as { sheet: unknown }).sheet).toEqual({ name: 'Catalog', hiddenSkipped: ['Sheet1'] });
  });

  it('--sheet may still name the hidden sheet on purpose', async () => {
    const run = await f.validate(name, '--sheet', 'Sheet1');
    expect(run.code).toBe(0);
    expect(run.out).toContain('[sheet Sheet1]');
  });
});
