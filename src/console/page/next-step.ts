/**
 * What the page tells a person to do about a row that needs attention: the server's hint for it
 * when it has one (in the page's language), else a word per outcome. An `unknown` create may
 * have landed in the store: never offered for a resend, but for `reconcile`.
 */
export type AttentionOutcome = 'invalid' | 'failed' | 'unknown';

/** Whether a row's outcome needs attention: the rows' answer may hold any outcome the page asked for. */
export function isAttention(outcome: string): outcome is AttentionOutcome {
  return outcome === 'invalid' || outcome === 'failed' || outcome === 'unknown';
}

/** The text key of the next step for a row of this outcome. */
export function nextStepKey(outcome: AttentionOutcome): 'next_invalid' | 'next_failed' | 'next_unknown' {
  return outcome === 'invalid' ? 'next_invalid' : outcome === 'failed' ? 'next_failed' : 'next_unknown';
}

/** Rows the grid offers to fix and send: not `unknown` ones, whose create may have landed. */
export function fixable(outcome: string): boolean {
  return outcome === 'invalid' || outcome === 'failed';
}

/** The command that settles a batch's unknown creates (README, "Commands"). */
export function reconcileCommand(batchId: string): string {
  return `catalog-sync reconcile ${batchId}`;
}
