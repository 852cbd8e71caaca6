/**
 * A CSV row with more cells than the header (an unquoted `12,50` in a price) is invalid as a
 * whole, with a message that counts its cells and names the extra ones, instead of every later
 * cell being read one column off; the other rows still go through.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { fixture, readFixture } from './helpers.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('extra-cells', { once: true });

describe('a CSV row with more cells than the header', () => {
  it('is invalid as a whole, counting its cells and naming the extra ones', async () => {
    const { results, issues } = await readFixture('extra-cells.csv');
    expect(issues).toEqual([
      [3, null, 'extra_cells', 'error'],
      [5, null, 'extra_cells', 'error'],
    ]);
    expect(results[1]?.issues[0]?.message).toBe(
      'this row has 6 cells where the header has 5, so its cells are shifted; past the header: "yes" (a comma inside a value splits it in two, e.g. a price typed 12,50: put that value in quotes or type 12.50); not sent',
    );
    expect(results[3]?.issues[0]?.message).toContain(
      'this row has 12 cells where the header has 5, so its cells are shifted; past the header: "a", "b", "c", "d", "e" and 2 more (',
    );
    // Empty fields past the header (a trailing comma) are not cells; the other rows are planned.
    expect(results.map((r) => r.plan?.kind ?? null)).toEqual(['create', null, 'create', null]);
  });

  it('counts against the header row under a title banner, not the banner', async () => {
    const { issues } = await readFixture('extra-cells-banner.csv');
    expect(issues).toEqual([[4, null, 'extra_cells', 'error']]);
  });

  it('an empty header field (as Excel pads a CSV) is a column: a cell under it is only unnamed', async () => {
    const { results, issues } = await readFixture('extra-cells-padded-header.csv');
    expect(issues).toEqual([
      [2, null, 'unnamed_column', 'warning'],
      [3, null, 'extra_cells', 'error'],
    ]);
    expect(results[0]?.plan?.kind).toBe('create');
  });

  it('import syncs the good rows and reports the shifted one with its message', async () => {
    const stdout = new PassThrough();
    let out = '';
    stdout.on('data', (d: Buffer) => (out += d.toString()));
    const env = { LOG_LEVEL: 'silent', LEDGER_FILE: join(tmp.dir, 'ledger.jsonl') };
    const code = await runCli(
      ['import', fixture('extra-cells.csv'), '--sandbox', '--json', '--report-dir', join(tmp.dir, 'reports')],
      { stdout, stderr: new PassThrough(), env },
    );
    expect(code).toBe(1);
    const summary = JSON.parse(out) as BatchSummary;
    expect(summary.counts).toMatchObject({ created: 2, invalid: 2 });
    const failed = await readFile(join(summary.reportDir, 'results.csv'), 'utf8');
    expect(failed).toContain('3,invalid,"this row has 6 cells where the header has 5');
    expect(failed).not.toContain('is not a yes/no value');
  });
});
