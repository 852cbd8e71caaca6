/**
 * The outcomes a batch's rows end in, in the order the page lists them: src/outcome.ts's OUTCOMES,
 * copied because that module's types reach Node-only code the browser's typecheck does not load
 * (test/console/operator-fix-state.test.ts keeps the two lists equal).
 */
export const OUTCOMES = [
  'created',
  'updated',
  'status_changed',
  'unchanged',
  'skipped',
  'invalid',
  'failed',
  'unknown',
  'would_create',
  'would_update',
  'would_change_status',
] as const;

export type Outcome = (typeof OUTCOMES)[number];
