/**
 * What `POST /api/batches/{id}/undo` answers (undo-api.ts): what the undo puts back and what it
 * leaves, in the request's language. Shared by the server and the page; type-only.
 */
import type { GuardVerdict } from '../../sync/guard-verdict.ts';

/** The undo's plan as the page shows it: each product's changes and each product left. */
export interface UndoPlanView {
  /** The batch undone. */
  undoes: string;
  send: { productId: number; changes: string; note?: string; changedSince: string[] }[];
  /** `named`: the product as the operator knows it (`Barcode B-1`: the sheet's header for its key column). */
  left: { key: string; named: string; productId: number | null; code: string; reason: string }[];
}

export interface UndoAnswer extends UndoPlanView {
  /** The undo's own batch once started (202); null for a dry run, or when nothing is to be put back. */
  batchId: string | null;
  dryRun?: true;
  /** Held (409) until the person confirms it. */
  guard?: GuardVerdict;
}
