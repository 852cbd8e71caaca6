/**
 * Injected faults: a queue of rules, each consumed by the requests it matches, oldest rule first.
 */
import { FAULT_KINDS, type FaultKind, type FaultRule } from './types.ts';

export const AUTHORIZATION_PATH = '/v1/authorization';

/** Faults that answer without applying the write. */
export const BEFORE_APPLY: ReadonlySet<FaultKind> = new Set([
  'status500',
  'status502',
  'status503',
  'status429',
  'resetBeforeApply',
]);

interface QueuedRule {
  rule: FaultRule;
  remaining: number;
}

export class FaultQueue {
  private rules: QueuedRule[] = [];

  add(rule: FaultRule): void {
    const problem = faultRuleProblem(rule);
    if (problem) throw new TypeError(`invalid fault rule: ${problem}`);
    const remaining = rule.times ?? 1;
    if (remaining > 0) this.rules.push({ rule: { ...rule }, remaining });
  }

  clear(): void {
    this.rules = [];
  }

  /** Uses left over all rules. */
  get pending(): number {
    return this.rules.reduce((sum, { remaining }) => sum + remaining, 0);
  }

  /** The first rule matching this path, with one use consumed; undefined when none matches. */
  take(path: string): FaultRule | undefined {
    if (this.rules.length === 0) return undefined; // the common case in benches
    const index = this.rules.findIndex(({ rule }) => matches(rule, path));
    const queued = this.rules[index];
    if (!queued) return undefined;
    queued.remaining -= 1;
    if (queued.remaining <= 0) this.rules.splice(index, 1);
    return queued.rule;
  }
}

function matches(rule: FaultRule, path: string): boolean {
  if (rule.path !== undefined) return rule.path === path;
  return path.startsWith('/v1/') && path !== AUTHORIZATION_PATH;
}

/** Why a rule (possibly from JSON over the control API) is unusable, or undefined when it is fine. */
export function faultRuleProblem(rule: unknown): string | undefined {
  if (typeof rule !== 'object' || rule === null) return 'a rule is an object';
  const r = rule as Record<string, unknown>;
  if (typeof r.kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(r.kind)) {
    return `kind must be one of ${FAULT_KINDS.join(', ')}`;
  }
  if (r.path !== undefined && (typeof r.path !== 'string' || !r.path.startsWith('/'))) return 'path must start with /';
  for (const key of ['times', 'retryAfterSeconds', 'delayMs', 'answerBytes'] as const) {
    const v = r[key];
    if (v !== undefined && (typeof v !== 'number' || Number.isNaN(v) || v < 0)) return `${key} must be a number >= 0`;
  }
  const status = r.answerStatus;
  if (status !== undefined && (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599))
    return 'answerStatus must be a whole number from 200 to 599';
  return undefined;
}
