/**
 * The request log and the figures benches ask for. Every /v1 request is recorded when received
 * (logins and 429s included); bodies only when asked, so 100k requests stay cheap.
 */
import type { FaultKind, SandboxRequestRecord } from './types.ts';

export class RequestLog {
  private records: SandboxRequestRecord[] = [];

  constructor(private readonly recordBodies: boolean) {}

  /** Starts a record; the caller fills in status (and fault) when it answers. */
  received(at: number, method: string, path: string): SandboxRequestRecord {
    const record: SandboxRequestRecord = { at, method, path, status: 0 };
    this.records.push(record);
    return record;
  }

  /** `text`: the body's bytes as received, kept only when they hold no password (a login's do). */
  attachBody(record: SandboxRequestRecord, body: unknown, text?: string): void {
    if (!this.recordBodies || body === undefined) return;
    const redacted = redactPassword(body);
    record.body = redacted;
    if (text !== undefined && redacted === body) record.bodyText = text;
  }

  markFault(record: SandboxRequestRecord, fault: FaultKind): void {
    record.fault = fault;
  }

  all(): SandboxRequestRecord[] {
    return this.records.map((r) => ({ ...r }));
  }

  count(path?: string): number {
    if (path === undefined) return this.records.length;
    let n = 0;
    for (const r of this.records) if (r.path === path) n += 1;
    return n;
  }

  countByPath(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const r of this.records) counts[r.path] = (counts[r.path] ?? 0) + 1;
    return counts;
  }

  maxInWindow(windowMs = 1000): number {
    return maxInWindow(
      this.records.map((r) => r.at),
      windowMs,
    );
  }

  reset(): void {
    this.records = [];
  }
}

/**
 * Most timestamps within any half-open window [t, t + windowMs): two pointers over sorted times,
 * O(n) (plus a sort only when the clock went backwards).
 */
export function maxInWindow(times: number[], windowMs: number): number {
  let sorted = true;
  for (let i = 1; i < times.length && sorted; i += 1) sorted = (times[i] ?? 0) >= (times[i - 1] ?? 0);
  const ts = sorted ? times : [...times].sort((a, b) => a - b);
  let best = 0;
  let left = 0;
  for (let right = 0; right < ts.length; right += 1) {
    const t = ts[right] ?? 0;
    while ((ts[left] ?? 0) <= t - windowMs) left += 1;
    best = Math.max(best, right - left + 1);
  }
  return best;
}

function redactPassword(body: unknown): unknown {
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'password' in body) {
    return { ...body, password: '[redacted]' };
  }
  return body;
}
