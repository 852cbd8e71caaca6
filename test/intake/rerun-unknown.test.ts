/**
 * `rerun --include-unknown` never creates blindly: the unknown creates of a batch (writes the
 * store applied, then reset the connection) are listed and none is sent; only
 * --resend-unknown-creates sends them, after saying how many may be created twice, and off a
 * terminal only with --yes. Through the real CLI against the sandbox, whose request log judges.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { cli as runCli, terminalAnswering, useSandboxCli, type Terminal } from './cli.ts';

const t = useSandboxCli('rerun-unknown');

async function cliWith(
  terminal: Terminal | undefined,
  ...args: string[]
): Promise<{ code: number; out: string; err: string }> {
  const { code, stdout, stderr } = await runCli(args, t.env, terminal);
  return { code, out: stdout, err: stderr };
}

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return cliWith(undefined, ...args);
}

describe('rerun with unknown creates', () => {
  it('--include-unknown sends none of them; --resend-unknown-creates sends them only with --yes off a terminal', async () => {
    const sheet = join(t.dir, 'new.csv');
    await writeFile(sheet, 'title,category,sale_price,barcode\nA,1,1,u1\nB,1,2,u2\nC,1,3,u3\nD,99,4,u4\n');
    // Rows go one at a time: the first two creates are applied, then their connections reset.
    t.sandbox.inject({ kind: 'resetAfterApply', path: '/v1/create_product', times: 2 });
    const first = await cli('import', sheet, '--json');
    expect(first.code).toBe(1);
    const batch = JSON.parse(first.out) as BatchSummary;
    expect(batch.counts).toMatchObject({ unknown: 2, created: 1, failed: 1 });
    expect(t.barcodes()).toEqual(['u1', 'u2', 'u3']);

    // Selecting the unknown rows lists them; only the failed row (category 99) is sent.
    t.sandbox.resetStats();
    const listed = await cli('rerun', batch.batchId, '--include-unknown', '--json');
    expect(listed.code).toBe(1);
    expect(listed.err).toContain('not sent: 2 rows whose create had an unknown outcome (row 2, 3)');
    expect(listed.err).toContain('--resend-unknown-creates');
    const rerun = JSON.parse(listed.out) as BatchSummary & { notSent: unknown };
    expect(rerun.total).toBe(1);
    expect(rerun.counts.failed).toBe(1);
    expect(rerun.notSent).toEqual({ unknownRows: [2, 3], invalidRows: [] });
    expect(
      t.sandbox
        .requests()
        .filter((r) => r.path === '/v1/create_product')
        .map((r) => r.body),
    ).toEqual([expect.objectContaining({ barcode: 'u4' })]);

    // The explicit flag off a terminal without --yes: says how many may be duplicated, sends nothing.
    t.sandbox.resetStats();
    const unconfirmed = await cli('rerun', batch.batchId, '--resend-unknown-creates');
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.err).toContain('2 rows may be created twice');
    expect(unconfirmed.err).toContain('--yes');
    expect(t.sandbox.requestCount('/v1/create_product')).toBe(0);

    // With --yes they are sent (and, as warned, now exist twice).
    const confirmed = await cli('rerun', batch.batchId, '--resend-unknown-creates', '--yes', '--json');
    expect(confirmed.err).toContain('2 rows may be created twice');
    const resent = JSON.parse(confirmed.out) as BatchSummary;
    expect(resent.counts.created).toBe(2);
    expect(
      t.sandbox
        .requests()
        .filter((r) => r.path === '/v1/create_product')
        .map((r) => (r.body as { barcode?: string }).barcode)
        .sort(),
    ).toEqual(['u1', 'u2', 'u4']);
    expect(t.barcodes()).toEqual(['u1', 'u1', 'u2', 'u2', 'u3']);
  });

  it('--include-unknown --json with only unknown creates sends nothing and prints one JSON document saying so', async () => {
    const sheet = join(t.dir, 'only-unknown.csv');
    await writeFile(sheet, 'title,category,sale_price,barcode\nF,1,1,k1\nG,1,2,k2\n');
    t.sandbox.inject({ kind: 'resetAfterApply', path: '/v1/create_product', times: 2 });
    const batch = JSON.parse((await cli('import', sheet, '--json')).out) as BatchSummary;
    expect(batch.counts).toMatchObject({ unknown: 2, created: 0 });

    t.sandbox.resetStats();
    const listed = await cli('rerun', batch.batchId, '--include-unknown', '--json');
    expect(listed.code).toBe(1);
    expect(listed.err).toContain('not sent: 2 rows whose create had an unknown outcome (row 2, 3)');
    expect(JSON.parse(listed.out)).toEqual({
      batchId: null,
      rerunOf: batch.batchId,
      notSent: { unknownRows: [2, 3], invalidRows: [] },
    });
    expect(t.sandbox.requestCount('/v1/create_product')).toBe(0);
  });

  it('on a terminal, --resend-unknown-creates asks first: "n" sends nothing, "y" sends them', async () => {
    const sheet = join(t.dir, 'asked.csv');
    await writeFile(sheet, 'title,category,sale_price,barcode\nE,1,1,t1\n');
    t.sandbox.inject({ kind: 'resetAfterApply', path: '/v1/create_product', times: 1 });
    const batch = JSON.parse((await cli('import', sheet, '--json')).out) as BatchSummary;
    expect(batch.counts.unknown).toBe(1);

    t.sandbox.resetStats();
    const declined = await cliWith(terminalAnswering('n'), 'rerun', batch.batchId, '--resend-unknown-creates');
    expect(declined.code).toBe(2);
    expect(declined.err).toContain('1 row may be created twice');
    expect(declined.err).toContain('nothing was sent');
    expect(t.sandbox.requestCount('/v1/create_product')).toBe(0);

    const accepted = await cliWith(
      terminalAnswering('y'),
      'rerun',
      batch.batchId,
      '--resend-unknown-creates',
      '--json',
    );
    expect(accepted.code).toBe(0);
    expect((JSON.parse(accepted.out) as BatchSummary).counts.created).toBe(1);
    expect(t.sandbox.requestCount('/v1/create_product')).toBe(1);
  });
});
