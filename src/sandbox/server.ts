/**
 * The request pipeline of the store API (/v1/...), in the order a real store would meet a request:
 * record it, rate-limit it, wait the configured latency, route it, apply an injected fault that
 * strikes before the write, check the token, apply the write, then a fault that strikes after it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BEFORE_APPLY, type FaultQueue } from './faults.ts';
import {
  ACCESS_DENIED,
  STATUS_TEXT,
  parseJsonObject,
  readBody,
  send,
  storeError,
  tokenFrom,
  tooManyRequests,
  type Reply,
} from './http.ts';
import { DEFAULT_HUGE_ANSWER_BYTES, streamHugeAnswer } from './huge-answer.ts';
import type { SlidingWindowLimiter } from './rate-limit.ts';
import { STORE_ROUTES, type StoreContext } from './routes/index.ts';
import type { RequestLog } from './stats.ts';
import type { CancellableTimers } from './timers.ts';
import type { FaultRule, SandboxRequestRecord } from './types.ts';

/** What the pipeline reads on every request; latency and limiter change at run time. */
export interface PipelineDeps {
  store: StoreContext;
  faults: FaultQueue;
  log: RequestLog;
  timers: CancellableTimers;
  clock: () => number;
  latencyMs(): number;
  limiter(): SlidingWindowLimiter | undefined;
}

export function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const q = raw.indexOf('?');
  return q === -1 ? raw : raw.slice(0, q);
}

export async function handleStoreRequest(deps: PipelineDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const receivedAt = deps.clock();
  const method = req.method ?? 'GET';
  const path = pathOf(req.url);
  const record = deps.log.received(receivedAt, method, path);
  const tokenHeader = req.headers['authorization-jwt'];
  if (typeof tokenHeader === 'string' && tokenHeader.trim() !== '')
    record.tokenForm = /^Jwt\s/i.test(tokenHeader.trim()) ? 'jwt' : 'bare';
  const reply = (r: Reply): void => {
    if (req.socket.destroyed) return; // the client left (e.g. its timeout): nothing was sent, status stays 0
    record.status = r.status;
    send(res, r);
  };
  const admission = deps.limiter()?.admit(receivedAt);
  const raw = await readBody(req);
  const latency = deps.latencyMs();
  if (latency > 0) await deps.timers.sleep(latency);
  if (admission && !admission.ok) return reply(tooManyRequests(admission.retryAfterSeconds));

  const route = STORE_ROUTES.get(path);
  if (!route) return reply(storeError(404, 'Not found'));
  if (!route.methods.includes(method)) return reply(storeError(405, 'Method not allowed'));

  const parsed = parseJsonObject(raw);
  if (parsed.ok) deps.log.attachBody(record, parsed.raw, raw?.toString('utf8'));
  const fault = deps.faults.take(path);
  if (fault) record.fault = fault.kind;
  if (fault && BEFORE_APPLY.has(fault.kind)) return strikeBeforeApply(fault, req, record, reply);

  if (route.needsToken) {
    const token = tokenFrom(req);
    const valid = token !== undefined && fault?.kind !== 'expireToken' && (await deps.store.tokens.isValid(token));
    if (!valid) return reply(storeError(400, ACCESS_DENIED));
  }
  // The store's generic answer to a body it cannot read.
  if (!parsed.ok) return reply(storeError(400, ACCESS_DENIED));

  const result = await route.handle(deps.store, parsed.value);
  if (fault?.kind === 'status500AfterApply') return reply(storeError(500, STATUS_TEXT[500] ?? 'Internal Server Error'));
  if (fault?.kind === 'resetAfterApply') return resetConnection(req, record);
  if (fault?.kind === 'delayAfterApply') await deps.timers.sleep(fault.delayMs ?? 0);
  if (fault?.kind === 'hugeAnswerAfterApply') {
    record.status = fault.answerStatus ?? 200;
    return streamHugeAnswer(res, record.status, fault.answerBytes ?? DEFAULT_HUGE_ANSWER_BYTES);
  }
  reply(result);
}

function strikeBeforeApply(
  fault: FaultRule,
  req: IncomingMessage,
  record: SandboxRequestRecord,
  reply: (r: Reply) => void,
): void {
  switch (fault.kind) {
    case 'status429':
      return reply(tooManyRequests(Math.max(1, Math.ceil(fault.retryAfterSeconds ?? 1))));
    case 'resetBeforeApply':
      return resetConnection(req, record);
    default: {
      const status = Number(fault.kind.slice('status'.length));
      return reply(storeError(status, STATUS_TEXT[status] ?? 'Server error'));
    }
  }
}

/** A TCP reset: the client sees ECONNRESET and no response. */
function resetConnection(req: IncomingMessage, record: SandboxRequestRecord): void {
  record.status = 0;
  req.socket.resetAndDestroy();
}
