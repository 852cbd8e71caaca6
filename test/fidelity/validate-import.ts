/**
 * One sheet through validate and import (the CLI, a sandbox store): what validate refuses, what
 * the store received. The two must agree: the rows validate refuses are the rows import records
 * invalid, and none of them reaches the store.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import { useStoreWithProducts, type StoreWorld } from './helpers.ts';

/** An error as validate --json gives it: [row, column, code, message]. */
export type ErrorTuple = [row: number, column: string | null, code: string, message: string];

interface Checked {
  errors: ErrorTuple[];
  /** The exit code, the same for both commands. */
  code: number;
  /** The update calls' bodies as the store received them, by product id. */
  bodies: string[];
}

/** A fixture (test/fixtures/fidelity) and what a user sees of it through validate and import. */
export interface Seen extends Checked {
  file: string;
  /** What the fixture shows, for the test's title. */
  shows: string;
}

interface Issue {
  row: number;
  column: string | null;
  code: string;
  message: string;
  severity: string;
}

/**
 * A sandbox store with products 1001..1000+count for the file's tests, reset before each import; returns
 * the test of one fixture: through both commands, it is seen as `expected` says.
 */
export function useValidateAndImport(count: number): (expected: Seen) => Promise<void> {
  const f = useStoreWithProducts(count);

  return async ({ file, errors, code, bodies }) => {
    const seen = await validateAndImport(f, file);
    expect(seen.errors).toEqual(errors);
    expect(seen.code).toBe(code);
    expect(seen.bodies).toEqual(bodies);
  };
}

async function validateAndImport(f: StoreWorld, name: string): Promise<Checked> {
  const validated = await f.validate(name, '--json');
  const issues = (JSON.parse(validated.out) as { sheets: { issues: Issue[] }[] }).sheets[0]!.issues;
  const errors = issues
    .filter((issue) => issue.severity === 'error')
    .map((issue): ErrorTuple => [issue.row, issue.column, issue.code, issue.message]);
  // --confirm: the sheets send the same product ids again; the guard is not under test.
  const run = await f.importFull(name, '--json', '--confirm');
  const { reportDir } = JSON.parse(run.out) as { reportDir: string };
  const report = parse<{ row: string; outcome: string }>(await readFile(join(reportDir, 'results.csv'), 'utf8'), {
    columns: true,
    bom: true,
  });
  const invalid = report.filter((row) => row.outcome === 'invalid').map((row) => Number(row.row));
  expect(invalid).toEqual([...new Set(errors.map(([row]) => row))]);
  expect(run.code).toBe(validated.code);
  const bodies = f.store.sandbox
    .requests()
    .filter((request) => request.path === '/v1/update_product')
    .map((request) => request.bodyText ?? '')
    .sort((a, b) => productId(a) - productId(b));
  return { errors, code: run.code, bodies };
}

function productId(body: string): number {
  return (JSON.parse(body) as { product_id: number }).product_id;
}
