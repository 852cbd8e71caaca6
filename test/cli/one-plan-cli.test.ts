/**
 * One plan, from the command line: for each step of the operator's sequence (first import, the
 * same sheet again, a price cut after the store's export is linked, two invalid rows then fixed,
 * a create the store answered 500 then reconciled), `validate`'s plan, `import --dry-run` and
 * `import` say the same of every row, and a sheet the guard holds is refused until --confirm.
 * The real CLI in this process against the sandbox, with the file ledger.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTCOMES, type Outcome } from '../../src/outcome.ts';
import { readReportRows } from '../../src/report/report-reader.ts';
import { cli, useSandboxCli } from '../intake/cli.ts';

const t = useSandboxCli('one-plan-cli');

const SAMPLE = join(import.meta.dirname, '..', '..', 'templates', 'sample-products.csv');

/** What a dry run and a sync report for a row of each planned action. */
const AS: Record<string, { dry: Outcome; sync: Outcome }> = {
  create: { dry: 'would_create', sync: 'created' },
  update: { dry: 'would_update', sync: 'updated' },
  status: { dry: 'would_change_status', sync: 'status_changed' },
  unchanged: { dry: 'skipped', sync: 'skipped' },
  skipped: { dry: 'skipped', sync: 'skipped' },
  invalid: { dry: 'invalid', sync: 'invalid' },
};

interface Reported {
  batchId: string;
  rows: Map<number, { outcome: Outcome; message: string }>;
}

async function sheet(name: string, text: string): Promise<string> {
  const file = join(t.dir, name);
  await writeFile(file, text);
  return file;
}

/** An import's rows, from its report: each row's outcome and message. */
async function imported(args: string[]): Promise<Reported & { code: number }> {
  const run = await cli(['import', ...args, '--json'], t.env);
  const { batchId, reportDir } = JSON.parse(run.stdout) as { batchId: string; reportDir: string };
  const page = await readReportRows(reportDir, { outcomes: new Set(OUTCOMES), offset: 0, limit: 1000 });
  return { code: run.code, batchId, rows: new Map(page.rows.map((r) => [r.row, r])) };
}

/** validate's plan, the dry run and the sync agree row by row; returns the sync. */
async function agree(file: string, expected: Record<string, number>, held = false): Promise<Reported> {
  const validated = JSON.parse((await cli(['validate', file, '--json'], t.env)).stdout) as {
    sheets: { plan: Record<string, number> }[];
  };
  const plan = Object.fromEntries(Object.entries(validated.sheets[0]!.plan).filter(([, n]) => n > 0));
  expect(plan).toEqual(expected);
  const dry = await imported([file, '--dry-run']);
  if (held) {
    const refused = await cli(['import', file], t.env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('held by the guard, nothing sent');
  }
  const synced = await imported(held ? [file, '--confirm'] : [file]);
  const tally = (rows: Reported['rows']): Record<string, number> => {
    const counts: Record<string, number> = {};
    for (const { outcome } of rows.values()) counts[outcome] = (counts[outcome] ?? 0) + 1;
    return counts;
  };
  const want = (side: 'dry' | 'sync'): Record<string, number> => {
    const counts: Record<string, number> = {};
    for (const [action, n] of Object.entries(plan)) counts[AS[action]![side]] = (counts[AS[action]![side]] ?? 0) + n;
    return counts;
  };
  expect(tally(dry.rows)).toEqual(want('dry'));
  expect(tally(synced.rows)).toEqual(want('sync'));
  // Row by row: the dry run's row is the sync's, and a row not sent says the same why in both.
  for (const [row, d] of dry.rows) {
    const s = synced.rows.get(row);
    const action = Object.keys(AS).find((a) => AS[a]!.dry === d.outcome && AS[a]!.sync === s?.outcome);
    expect({ row, dry: d.outcome, sync: s?.outcome, agree: action !== undefined }).toMatchObject({ agree: true });
    if (d.outcome === 'skipped' || d.outcome === 'invalid')
      expect({ row, why: s?.message }).toEqual({ row, why: d.message });
  }
  return synced;
}

describe('one plan from the command line (local, the file ledger)', () => {
  it('validate, import --dry-run and import agree at every step of the operator loop', async () => {
    const sample = await sheet('sample.csv', await readFile(SAMPLE, 'utf8'));
    // 1. The first import, then 2. the same sheet again.
    await agree(sample, { create: 8 });
    const again = await agree(sample, { skipped: 8 });
    expect([...again.rows.values()].every((r) => r.message.includes('already created'))).toBe(true);
    expect(t.sandbox.products()).toHaveLength(8);

    // 3. The store's export linked: the same sheet's rows update by barcode; a price cut by 80% is held.
    const exported = await sheet(
      'export.csv',
      ['product_id,barcode', ...t.sandbox.products().map((p) => `${p.product_id},${String(p.fields.barcode)}`)].join(
        '\n',
      ),
    );
    expect((await cli(['ledger', 'link', '--from', exported], t.env)).code).toBe(0);
    const cut = await sheet('cut.csv', (await readFile(SAMPLE, 'utf8')).replace(',320.00,', ',64.00,'));
    await agree(cut, { update: 8 }, true);
    expect(t.sandbox.products().find((p) => p.fields.barcode === '6281000000028')!.fields.sale_price).toBe(64);

    // 4. Two invalid rows, then the sheet fixed: the two are created, the good one not again.
    const header = 'title,sale_price,category,barcode';
    const broken = await sheet('new.csv', [header, 'Lamp,12.5,1,B-1', ',9,1,B-2', 'Desk,12.5O,1,B-3'].join('\n'));
    await agree(broken, { create: 1, invalid: 2 });
    const fixed = await sheet('fixed.csv', [header, 'Lamp,12.5,1,B-1', 'Chair,9,1,B-2', 'Desk,12.5,1,B-3'].join('\n'));
    await agree(fixed, { skipped: 1, create: 2 });
    expect(t.sandbox.products()).toHaveLength(11);

    // 5. A create answered 500 and never written: unknown, skipped by every view until reconciled,
    //    then created once.
    const fresh = await sheet('fresh.csv', [header, 'Vase,30,6,V-1'].join('\n'));
    t.sandbox.inject({ kind: 'status500', path: '/v1/create_product', times: 1 });
    const lost = await imported([fresh]);
    expect(lost.rows.get(2)?.outcome).toBe('unknown');
    const waiting = await agree(fresh, { skipped: 1 });
    expect(waiting.rows.get(2)?.message).toContain('unknown outcome');
    expect((await cli(['reconcile', lost.batchId], t.env)).code).toBe(0);
    await agree(fresh, { create: 1 });
    expect(t.sandbox.products().filter((p) => p.fields.barcode === 'V-1')).toHaveLength(1);
  });
});
