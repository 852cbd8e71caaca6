/** Plain-fetch helpers for the sandbox tests (deliberately not the store client under test elsewhere). */
import type { SandboxHandle } from '../../src/sandbox/index.ts';

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

export async function call(
  sandbox: Pick<SandboxHandle, 'url'>,
  method: string,
  path: string,
  options: { token?: string; header?: 'plain' | 'jwt'; body?: unknown; rawBody?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token !== undefined)
    headers['Authorization-Jwt'] = options.header === 'jwt' ? `Jwt ${options.token}` : options.token;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const res = await fetch(`${sandbox.url}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

export interface LoginAnswer {
  status: boolean;
  message: string;
  access_token: string;
  expires_in: number;
  user_info: Record<string, unknown>;
}

export async function login(sandbox: Pick<SandboxHandle, 'url' | 'email' | 'password'>): Promise<LoginAnswer> {
  const answer = await call(sandbox, 'POST', '/v1/authorization', {
    body: { email: sandbox.email, password: sandbox.password },
  });
  if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as LoginAnswer;
}

/** The store's standard error body for a status and message. */
export function storeErrorBody(status: number, message: string): unknown {
  return { status, error: status, messages: { status: false, message } };
}
