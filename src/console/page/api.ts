/**
 * The page calls the same HTTP API a script would (README, "Console"). With a stores file every
 * path names the page's store: /api/x -> /api/stores/<id>/x. Texts the server writes for people
 * (row messages, hints) come in the page's language (`lang`).
 */
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

/** The query string of a GET, with the page's language. */
export function query(params: Record<string, string | number>): string {
  const search = new URLSearchParams({ ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
  search.set('lang', pageLang());
  return `?${search.toString()}`;
}

export async function api<R>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: FormData | object): Promise<R> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': pageLang() };
  const init: RequestInit = { method, headers };
  if (body instanceof FormData) init.body = body;
  else if (body) {
    init.body = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(scoped(path), init);
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    const error = typeof data.error === 'string' ? data.error : `${res.status} ${res.statusText}`;
    throw new ApiError(res.status, data, error);
  }
  return data as R;
}
