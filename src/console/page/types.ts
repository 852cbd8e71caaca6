/**
 * What the console's API answers, as the page reads it (README, "Console": the HTTP API): the
 * server's own answer types (src/console/answers/ and the type modules they name), under the
 * names the page uses, so a changed answer fails the page's type check too
 * (test/console/answer-types.test.ts holds each route's builder to them).
 */
import type { Outcome } from '../../outcome.ts';

export type { BatchAnswer as BatchJson, BatchStarted, BatchStatus, RerunStarted } from '../answers/batch.ts';
export type { FixCheckAnswer, FixProblem as RowError } from '../answers/fix.ts';
export type { MappingList, SavedMapping } from '../answers/mappings.ts';
export type { NotificationsAnswer, NotifyTestAnswer } from '../answers/notifications.ts';
export type { DropView, SchedulesView, StoreView } from '../answers/panels.ts';
export type { ChangePage, FieldChange as Change, RowChange as ChangeRow } from '../answers/preview.ts';
export type { ReconcileAnswer } from '../answers/reconcile.ts';
export type { RowView as ProblemRow, RowsPage as ProblemPage } from '../answers/rows.ts';
export type { UndoAnswer } from '../answers/undo.ts';
export type {
  MappingProposal,
  NameRead,
  RowIssue as Issue,
  SheetAnswer as SheetSummary,
  UploadAnswer,
} from '../answers/upload.ts';
export type { StoreIdentity as StoreRef } from '../../store/identity-type.ts';
/** A held sheet: POST /api/batches answers 409 {guard} until the person confirms. */
export type { GuardVerdict as Guard, PriceDrop } from '../../sync/guard-verdict.ts';

/** Counts by outcome, as a batch's `counts` and the panels give them (an outcome not met may be absent). */
export type Counts = Partial<Record<Outcome, number>>;
