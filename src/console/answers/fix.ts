/**
 * What `POST /api/batches/{id}/fix/check` answers (200), and `/fix` with rows still wrong (422):
 * each problem of the rows as edited (fix-rows.ts). Shared by the server and the page; type-only.
 */
export interface FixProblem {
  row: number;
  column: string | null;
  message: string;
}

export interface FixCheckAnswer {
  rows: FixProblem[];
}
