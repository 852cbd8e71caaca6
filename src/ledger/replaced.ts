/**
 * What each of a product's last batches replaced, kept in its record (`u`), so `catalog-sync undo`
 * can put back what a batch changed: per batch, every field it changed with the value the record
 * held before (null: none was known), and whether it created the product. Only the last N batches
 * that changed something are kept (UNDO_BATCHES); an older batch cannot be undone. Pure.
 */
import type { ReplacedStep, SentValues } from './ledger.ts';
import { sameValue } from './values.ts';

export type { ReplacedStep } from './ledger.ts';

/** How many batches' replaced values a record keeps when UNDO_BATCHES is not set. */
export const DEFAULT_UNDO_BATCHES = 10;

/**
 * What `batch` replaced by confirming `sent` over `before`: the fields whose value changed, each
 * with the one before; null when it changed nothing (a full sync sending the same values again).
 */
export function replacedBy(
  batch: string,
  before: SentValues | undefined,
  sent: SentValues,
  created: boolean,
): ReplacedStep | null {
  const was: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(sent)) {
    const old = before?.[field];
    if (old === undefined) was[field] = null;
    else if (!sameValue(old, value)) was[field] = old;
  }
  if (!created && Object.keys(was).length === 0) return null;
  return created ? { b: batch, was: {}, c: 1 } : { b: batch, was };
}

/**
 * The record's steps once `step` is added, the newest last, at most `keep`. A batch met twice (a
 * product two rows of one batch changed) keeps the first value each field had before it.
 */
export function stepsAfter(
  held: readonly ReplacedStep[] | undefined,
  step: ReplacedStep | null,
  keep: number,
): readonly ReplacedStep[] | undefined {
  if (step === null) return held;
  const steps = (held ?? []).filter(isReplacedStep);
  const last = steps.at(-1);
  if (last?.b === step.b) steps[steps.length - 1] = { ...step, ...last, was: { ...step.was, ...last.was } };
  else steps.push(step);
  return keep <= 0 ? undefined : steps.slice(-keep);
}

/** A step as this version writes it; another (damaged, or a later version's) is passed over. */
export function isReplacedStep(value: unknown): value is ReplacedStep {
  if (value === null || typeof value !== 'object') return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.b === 'string' &&
    typeof s.was === 'object' &&
    s.was !== null &&
    !Array.isArray(s.was) &&
    (s.c === undefined || s.c === 1)
  );
}

/** The step `batch` left in a record, and the batches that changed the record after it. */
export function stepOf(
  held: readonly ReplacedStep[] | undefined,
  batch: string,
): { step: ReplacedStep; later: string[] } | null {
  const steps = (held ?? []).filter(isReplacedStep);
  const i = steps.findIndex((s) => s.b === batch);
  if (i < 0) return null;
  return { step: steps[i]!, later: steps.slice(i + 1).map((s) => s.b) };
}
