/** Small helpers for the sheet-mapping tests: read a fixture to results, compact issue tuples. */
import { fileURLToPath } from 'node:url';
import { openSheet, type OpenSheetOptions } from '../../src/sheet/open.ts';
import type { RowIssue, SheetKind, SheetRowResult } from '../../src/sheet/types.ts';

export const FIXTURES = fileURLToPath(new URL('../fixtures/map/', import.meta.url));

export function fixture(name: string): string {
  return `${FIXTURES}${name}`;
}

export type IssueTuple = [row: number, column: string | null, code: string, severity: 'error' | 'warning'];

export function tuples(issues: readonly RowIssue[]): IssueTuple[] {
  return issues.map((issue) => [issue.row, issue.column, issue.code, issue.severity]);
}

export interface ReadFixture {
  kind: SheetKind;
  headerIssues: RowIssue[];
  results: SheetRowResult[];
  /** Header issues, then every row issue, in row order. */
  issues: IssueTuple[];
}

export async function readFixture(name: string, options: OpenSheetOptions = {}): Promise<ReadFixture> {
  const opened = await openSheet(fixture(name), options);
  const results: SheetRowResult[] = [];
  for await (const result of opened.rows()) results.push(result);
  return {
    kind: opened.kind,
    headerIssues: opened.headerIssues,
    results,
    issues: [...tuples(opened.headerIssues), ...results.flatMap((r) => tuples(r.issues))],
  };
}
