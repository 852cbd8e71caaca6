/**
 * One sheet through validate and import (the CLI, a sandbox store): what validate refuses, what
 * the store received. The two must agree: the rows validate refuses are the rows import records
 * invalid, and none of them reaches the store.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { cli, fixture, scratch, storeWithProducts, type Store } from './helpers.ts';

/** An error as validate --json gives it: [row, column, code, message]. */
export type ErrorTuple = [row: number, column: string | null, code: string, message: string];

export interface Checked {
  errors: ErrorTuple[];
  /** The exit code, the same for both commands. */
  code: number;
  /** The update calls' bodies as the store received them, by product id. */
  bodies: string[];
}

interface Issue {
  row: number;
  column: string | null;
  code: string;
  message: string;
  severity: string;
}

/**
 * A sandbox store with products 1001..1000+count for the file's tests, reset before each; returns
 * the check of one fixture (test/fixtures/fidelity) through both commands.
 */
export function useValidateAndImport(count: number): (name: string) => Promise<Checked> {
  let dir = '';
  let remove: () => Promise<void> = () => Promise.resolve();
  let store: Store | undefined;
  beforeAll(async () => {
    ({ dir, remove } = await scratch());
    store = await storeWithProducts(count, dir);
  });
  afterAll(async () => {
    await store?.close();
    await remove();
  });
  beforeEach(() => store?.sandbox.resetStats());

  return async (name) => {
    if (store === undefined) throw new Error('no store: call useValidateAndImport at the top of a test file');
    const validated = await cli(['--report-dir', dir, 'validate', fixture(name), '--json']);
    const issues = (JSON.parse(validated.out) as { sheets: { issues: Issue[] }[] }).sheets[0]!.issues;
    const errors = issues
      .filter((issue) => issue.severity === 'error')
      .map((issue): ErrorTuple => [issue.row, issue.column, issue.code, issue.message]);
    // --confirm: the sheets send the same product ids again; the guard is not under test.
    const run = await cli(
      ['--report-dir', dir, 'import', fixture(name), '--mode', 'full', '--json', '--confirm'],
      store.env,
    );
    const { reportDir } = JSON.parse(run.out) as { reportDir: string };
    const report = parse<{ row: string; outcome: string }>(await readFile(join(reportDir, 'results.csv'), 'utf8'), {
      columns: true,
      bom: true,
    });
    const invalid = report.filter((row) => row.outcome === 'invalid').map((row) => Number(row.row));
    expect(invalid).toEqual([...new Set(errors.map(([row]) => row))]);
    expect(run.code).toBe(validated.code);
    const bodies = store.sandbox
      .requests()
      .filter((request) => request.path === '/v1/update_product')
      .map((request) => request.bodyText ?? '')
      .sort((a, b) => productId(a) - productId(b));
    return { errors, code: run.code, bodies };
  };
}

function productId(body: string): number {
  return (JSON.parse(body) as { product_id: number }).product_id;
}
