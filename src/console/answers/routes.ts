/**
 * Each API route the page calls, by its method and path as the server registers it (under /api,
 * before a store's scope), and what it answers when it succeeds: the server's own answer types.
 * The page's api() takes a route of this table and hands back its answer, so a changed answer
 * fails the page's type check where the page reads it. Type-only, importing nothing of Node.
 */
import type { BatchAnswer, BatchStarted, RerunStarted, SheetBatchStarted } from './batch.ts';
import type { FixCheckAnswer } from './fix.ts';
import type { MappingList } from './mappings.ts';
import type { NotificationsAnswer, NotifyTestAnswer } from './notifications.ts';
import type { DropView, SchedulesView, StoreView } from './panels.ts';
import type { ChangePage } from './preview.ts';
import type { ReconcileAnswer } from './reconcile.ts';
import type { RowsPage } from './rows.ts';
import type { UndoAnswer } from './undo.ts';
import type { UploadAnswer } from './upload.ts';

/** 204: the answer has no body. */
export type NoContent = Record<string, never>;

export interface ApiAnswers {
  'POST /api/uploads': UploadAnswer;
  'POST /api/uploads/:id/mapping': UploadAnswer;
  'GET /api/uploads/:id/preview': ChangePage;
  'GET /api/mappings': MappingList;
  'DELETE /api/mappings/:name': NoContent;
  'GET /api/batches': BatchAnswer[];
  'POST /api/batches': SheetBatchStarted;
  'GET /api/batches/:id': BatchAnswer;
  'GET /api/batches/:id/rows': RowsPage;
  'POST /api/batches/:id/rerun': RerunStarted;
  'POST /api/batches/:id/fix/check': FixCheckAnswer;
  'POST /api/batches/:id/fix': BatchStarted;
  'POST /api/batches/:id/reconcile': ReconcileAnswer;
  'POST /api/batches/:id/undo': UndoAnswer;
  'GET /api/batches/:id/notifications': NotificationsAnswer;
  'POST /api/notifications/test': NotifyTestAnswer;
  'GET /api/schedules': SchedulesView;
  'POST /api/schedules/:name/run': BatchStarted;
  'GET /api/drop': DropView;
  'GET /api/store': StoreView;
}

export type ApiRoute = keyof ApiAnswers;

/** The names of a route's path parameters: `id` of `GET /api/batches/:id/rows`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's path parameters, each by name: `{ id: '…' }`; `{}` for a route without any. */
export type RouteParams<R extends ApiRoute> = Record<ParamNames<R>, string>;
