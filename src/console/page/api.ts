/**
 * The page calls the same HTTP API a script would (README, "Console"). With a stores file every
 * path names the page's store: /api/x -> /api/stores/<id>/x. Texts the server writes for people
 * (row messages, hints) come in the page's language (`lang`).
 */
import type { ApiAnswers, ApiRoute, RouteParams } from '../answers/routes.ts';
import { STORE } from './context.ts';
import { pageLang } from './dom.ts';

/** An answer other than 2xx: its status and body, for the callers that act on them (409 guard, 422 rows). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    message: string,
  ) {
    super(message);
  }
}

export function scoped(path: string): string {
  return STORE ? path.replace(/^\/api\//, `/api/stores/${encodeURIComponent(STORE.id)}/`) : path;
}

/** A batch's own path: /api/batches/<id><rest>. */
export function batchPath(batchId: string, rest = ''): string {
  return `/api/batches/${encodeURIComponent(batchId)}${rest}`;
}

/** What a call sends besides the route's path: a GET's query (the page's language is added), a body. */
export interface Call {
  query?: Record<string, string | number>;
  body?: FormData | object;
}

/**
 * A 2xx answer's body is its route's answer (answers/routes.ts): the server builds it from the same
 * types, and page and server ship as one build. This is the one place the page takes that on trust;
 * nothing is checked at run time, which would cost the page's bundle a validator per answer.
 */
interface Answered<R extends ApiRoute> extends Response {
  json(): Promise<ApiAnswers[R]>;
}

/** Calls `route` (`GET /api/batches/:id`) with its path parameters filled in (`{ id }`). */
export async function api<R extends ApiRoute>(
  route: R,
  params: RouteParams<R>,
  call: Call = {},
): Promise<ApiAnswers[R]> {
  const space = route.indexOf(' ');
  const values: Record<string, string> = params;
  const path = route.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': pageLang() };
  const init: RequestInit = { method: route.slice(0, space), headers };
  const body = call.body;
  if (body instanceof FormData) init.body = body;
  else if (body) {
    init.body = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(scoped(path) + (call.query ? query(call.query) : ''), init);
  if (!res.ok) throw await apiError(res);
  // A 204 (a deletion) has no body: its route answers NoContent, `{}`.
  const answered: Answered<R> = res.status === 204 ? new Response('{}') : res;
  return answered.json();
}

/** The query string of a GET, with the page's language. */
function query(params: Record<string, string | number>): string {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  search.set('lang', pageLang());
  return `?${search.toString()}`;
}

async function apiError(res: Response): Promise<ApiError> {
  const data: unknown = await res.json().catch(() => ({}));
  const body: Record<string, unknown> = typeof data === 'object' && data !== null ? { ...data } : {};
  const error = typeof body.error === 'string' ? body.error : `${res.status} ${res.statusText}`;
  return new ApiError(res.status, body, error);
}
