/**
 * The page reads the API's answers by the server's own types (src/console/page/types.ts names
 * them from src/console/answers/): here each route's builder is held to the type the page reads.
 * These checks run in `npm run typecheck` (tsc compiles test/): a builder whose answer changes, or
 * a page type written out by hand again, fails it. The test's body runs too, as a named place.
 */
import { expectTypeOf, test } from 'vitest';
import type { batchJson } from '../../src/console/api.ts';
import type { listMappings } from '../../src/console/mappings.ts';
import type * as Page from '../../src/console/page/types.ts';
import type { reconcileAnswer } from '../../src/console/reconcile-view.ts';
import type { rowView } from '../../src/console/rows-api.ts';
import type { answerUpload } from '../../src/console/upload-answer.ts';
import type { proposalOf } from '../../src/console/upload-mapping.ts';
import type { planUpload } from '../../src/console/upload-plan.ts';
import type { CategoryNames } from '../../src/sheet/map/category-cells.ts';
import type { SummaryBuilder } from '../../src/sheet/map/summary.ts';
import type { RowIssue } from '../../src/sheet/types.ts';
import type { GuardTally } from '../../src/sync/guard.ts';
import type { RowChange } from '../../src/sync/plan-row.ts';

test('each answer the page reads is the type its server builder returns', () => {
  expectTypeOf<Awaited<ReturnType<typeof answerUpload>>>().toEqualTypeOf<Page.UploadAnswer>();
  expectTypeOf<Awaited<ReturnType<typeof planUpload>>['sheets'][number]>().toEqualTypeOf<Page.SheetSummary>();
  expectTypeOf<SummaryBuilder['summary']['issues'][number]>().toEqualTypeOf<Page.Issue>();
  expectTypeOf<RowIssue>().toEqualTypeOf<Page.Issue>();
  expectTypeOf<CategoryNames['read'][number]>().toEqualTypeOf<Page.NameRead>();
  expectTypeOf<ReturnType<typeof proposalOf>>().toEqualTypeOf<Page.MappingProposal>();
  expectTypeOf<ReturnType<GuardTally['verdict']>>().toEqualTypeOf<Page.Guard>();
  expectTypeOf<ReturnType<typeof batchJson>>().toEqualTypeOf<Page.BatchJson>();
  expectTypeOf<ReturnType<typeof rowView>>().toEqualTypeOf<Page.ProblemRow>();
  expectTypeOf<RowChange>().toEqualTypeOf<Page.ChangeRow>();
  expectTypeOf<ReturnType<typeof reconcileAnswer>>().toEqualTypeOf<Page.ReconcileAnswer>();
  expectTypeOf<Awaited<ReturnType<typeof listMappings>>[number]>().toEqualTypeOf<Page.SavedMapping>();
});
