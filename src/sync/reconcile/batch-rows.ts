/**
 * Reads a batch's results.csv back through the sheet mapper (the report repeats the input
 * columns, and `row` keeps the number the person saw): each row's result as reported and, for
 * creates, its category and ledger key. Rows stream; only the creates' facts are kept.
 */
import { openSheet } from '../../sheet/open.ts';
import type { SheetRowResult } from '../../sheet/types.ts';
import { OUTCOMES, type Outcome, type RowResult } from '../../outcome.ts';
import { ledgerKeyOf } from '../../ledger/rules.ts';

export interface ReportedRow {
  /** The row number the report shows. */
  row: number;
  cells: string[];
  result: RowResult;
  sheetRow: SheetRowResult;
}

/** Each row of results.csv with its reported result. */
export async function* reportedRows(resultsCsv: string): AsyncGenerator<ReportedRow & { headers: string[] }> {
  const sheet = await openSheet(resultsCsv, {});
  try {
    const at = (name: string) => sheet.headers.map((h) => h.trim().toLowerCase()).lastIndexOf(name);
    const [outcomeAt, messageAt, statusAt, attemptsAt] = ['outcome', 'message', 'http_status', 'attempts'].map(at);
    for await (const sheetRow of sheet.rows()) {
      const cell = (index: number | undefined) =>
        index === undefined || index < 0 ? '' : (sheetRow.cells[index] ?? '');
      const outcome = cell(outcomeAt);
      // Rewriting the report from a row we cannot read would lose it: stop instead.
      if (!(OUTCOMES as readonly string[]).includes(outcome))
        throw new Error(
          `${resultsCsv}: row ${sheetRow.row} has no outcome a catalog-sync report writes ("${outcome}")`,
        );
      const row = sheetRow.originalRow ?? sheetRow.row;
      const status = Number(cell(statusAt));
      yield {
        headers: sheet.headers,
        row,
        cells: sheetRow.cells,
        sheetRow,
        result: {
          row,
          outcome: outcome as Outcome,
          message: cell(messageAt),
          httpStatus: cell(statusAt) !== '' && Number.isInteger(status) ? status : null,
          attempts: Number(cell(attemptsAt)) || 0,
        },
      };
    }
  } finally {
    await sheet.close();
  }
}

/** A create's category as the report text shows it ('' when the row names none), and its ledger key. */
export function createFacts(
  sheetRow: SheetRowResult,
  keyColumn: string,
): { category: string; key: string | null } | null {
  const plan = sheetRow.plan;
  if (plan?.kind !== 'create') return null;
  const category = plan.payload.category;
  return {
    category: category === undefined ? '' : String(category),
    key: ledgerKeyOf(plan, keyColumn),
  };
}

/** An update that sets a category may move a product between categories: the counts then tell nothing sure. */
export function movesCategory(sheetRow: SheetRowResult, outcome: Outcome): boolean {
  const plan = sheetRow.plan;
  if (plan?.kind !== 'update' || outcome === 'invalid' || outcome === 'skipped') return false;
  return plan.payload.category !== undefined;
}
