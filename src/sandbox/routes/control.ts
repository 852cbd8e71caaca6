/**
 * The inspection and control API under /__sandbox/, so a standalone sandbox (or one in another
 * process) can be inspected and driven over HTTP. Not part of the store API: not logged, not
 * rate-limited, no latency, no token. The sandbox listens on 127.0.0.1 only.
 */
import { faultRuleProblem } from '../faults.ts';
import type { Reply } from '../http.ts';
import type { FaultRule, RateLimit, SandboxHandle } from '../types.ts';

export const CONTROL_PREFIX = '/__sandbox/';

export interface ControlTarget extends Omit<SandboxHandle, 'close'> {
  requestsByPath(): Record<string, number>;
}

const ok = (body: Record<string, unknown> = {}): Reply => ({ status: 200, body: { status: true, ...body } });
const bad = (message: string): Reply => ({ status: 400, body: { status: false, message } });

export function handleControl(
  target: ControlTarget,
  method: string,
  path: string,
  query: URLSearchParams,
  body: unknown,
): Reply {
  const key = `${method} ${path.slice(CONTROL_PREFIX.length)}`;
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  switch (key) {
    case 'GET products': {
      const products = target.products();
      return ok({ total: products.length, products });
    }
    case 'GET stats': {
      const windowMs = Number(query.get('windowMs') ?? 1000);
      if (!(windowMs > 0)) return bad('windowMs must be a number > 0');
      return ok({
        requests: target.requestCount(),
        maxInWindow: target.maxRequestsInWindow(windowMs),
        windowMs,
        byPath: target.requestsByPath(),
        loopDelay: target.loopDelay(),
      });
    }
    case 'GET requests': {
      const all = target.requests();
      const limit = Number(query.get('limit') ?? all.length);
      return ok({ total: all.length, requests: limit >= 0 ? all.slice(Math.max(0, all.length - limit)) : all });
    }
    case 'POST faults':
      return queueFaults(target, body);
    case 'GET faults':
      return ok({ pending: pendingJson(target.pendingFaults()) });
    case 'DELETE faults':
      target.clearFaults();
      return ok();
    case 'POST rate-limit':
      return setRateLimit(target, input);
    case 'POST latency': {
      const ms = input.ms;
      if (typeof ms !== 'number' || !(ms >= 0)) return bad('ms must be a number >= 0');
      target.setLatency(ms);
      return ok();
    }
    case 'POST keep-alive': {
      const { timeoutMs, announce } = input;
      if (typeof timeoutMs !== 'number' || !Number.isInteger(timeoutMs) || timeoutMs < 1)
        return bad('timeoutMs must be a whole number >= 1');
      if (announce !== undefined && typeof announce !== 'boolean') return bad('announce must be true or false');
      target.setKeepAlive(announce === undefined ? { timeoutMs } : { timeoutMs, announce });
      return ok();
    }
    case 'POST expire-tokens':
      target.expireTokens();
      return ok();
    case 'POST reset-stats':
      target.resetStats();
      return ok();
    default:
      return { status: 404, body: { status: false, message: `no control endpoint ${method} ${path}` } };
  }
}

function queueFaults(target: ControlTarget, body: unknown): Reply {
  const rules = (Array.isArray(body) ? body : [body]).map(fromJson);
  for (const rule of rules) {
    const problem = faultRuleProblem(rule);
    if (problem) return bad(problem);
  }
  for (const rule of rules) target.inject(rule as FaultRule);
  return ok({ queued: rules.length });
}

/** JSON has no Infinity: an unlimited rule is reported as null. */
function pendingJson(pending: number): number | null {
  return Number.isFinite(pending) ? pending : null;
}

/** JSON has no Infinity: `times: null` or `"Infinity"` means every matching request. */
function fromJson(rule: unknown): unknown {
  if (typeof rule !== 'object' || rule === null) return rule;
  const r = rule as Record<string, unknown>;
  return r.times === null || r.times === 'Infinity' ? { ...r, times: Infinity } : r;
}

function setRateLimit(target: ControlTarget, input: Record<string, unknown>): Reply {
  if (input.max === null || input.max === undefined) {
    target.setRateLimit(null);
    return ok({ rateLimit: null });
  }
  const { max, windowMs } = input;
  if (typeof max !== 'number' || !(max >= 1)) return bad('max must be a number >= 1, or null for no limit');
  if (windowMs !== undefined && (typeof windowMs !== 'number' || !(windowMs > 0)))
    return bad('windowMs must be a number > 0');
  const limit: RateLimit = windowMs === undefined ? { max } : { max, windowMs };
  target.setRateLimit(limit);
  return ok({ rateLimit: { max, windowMs: windowMs ?? 1000 } });
}
