import { describe, expect, it, vi } from 'vitest';
import { withSandbox, type FaultKind, type SandboxHandle } from '../../src/sandbox/index.ts';
import { call, login, storeErrorBody } from './helpers.ts';

async function create(sandbox: SandboxHandle, token: string, title = 'p') {
  return call(sandbox, 'POST', '/v1/create_product', { token, body: { title } });
}

/** The error fetch rejects with when the connection is reset without a response. */
async function connectionError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('injected faults', () => {
  it.each([
    ['status500', 500, 'Internal Server Error'],
    ['status502', 502, 'Bad Gateway'],
    ['status503', 503, 'Service Unavailable'],
  ] as const)('%s answers %i in the standard body without applying the write, once', async (kind, status, message) => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      sandbox.inject({ kind });
      const failed = await create(sandbox, token);
      expect(failed.status).toBe(status);
      expect(failed.body).toEqual(storeErrorBody(status, message));
      expect(sandbox.products()).toEqual([]);
      expect((await create(sandbox, token)).status).toBe(200);
      expect(sandbox.products()).toHaveLength(1);
      expect(sandbox.requests().map((r) => [r.status, r.fault])).toEqual([
        [200, undefined],
        [status, kind],
        [200, undefined],
      ]);
    });
  });

  it('status500AfterApply applies the write, then answers 500', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      sandbox.inject({ kind: 'status500AfterApply' });
      const answer = await create(sandbox, token, 'applied');
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual(storeErrorBody(500, 'Internal Server Error'));
      expect(sandbox.products().map((p) => p.fields.title)).toEqual(['applied']);
    });
  });

  it('status429 answers 429 Too many requests with Retry-After (default 1, or as given)', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      sandbox.inject({ kind: 'status429' });
      sandbox.inject({ kind: 'status429', retryAfterSeconds: 7 });
      const first = await create(sandbox, token);
      expect(first.status).toBe(429);
      expect(first.headers.get('retry-after')).toBe('1');
      expect(first.body).toEqual(storeErrorBody(429, 'Too many requests'));
      const second = await create(sandbox, token);
      expect(second.headers.get('retry-after')).toBe('7');
      expect(sandbox.products()).toEqual([]);
    });
  });

  it('resetBeforeApply drops the connection and applies nothing', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      sandbox.inject({ kind: 'resetBeforeApply', path: '/v1/create_product' });
      const error = await connectionError(create(sandbox, token));
      expect(error).toBeInstanceOf(TypeError); // fetch's "fetch failed", cause ECONNRESET / socket closed
      expect(sandbox.products()).toEqual([]);
      expect(sandbox.requests().at(-1)).toMatchObject({
        path: '/v1/create_product',
        status: 0,
        fault: 'resetBeforeApply',
      });
    });
  });

  it('resetAfterApply applies the write, then drops the connection', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      sandbox.inject({ kind: 'resetAfterApply' });
      await connectionError(create(sandbox, token, 'ghost'));
      expect(sandbox.products().map((p) => p.fields.title)).toEqual(['ghost']);
      expect(sandbox.requests().at(-1)).toMatchObject({ status: 0, fault: 'resetAfterApply' });
    });
  });

  it('delayAfterApply applies the write at once and answers only after delayMs (a client timeout sees no answer)', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      sandbox.inject({ kind: 'delayAfterApply', delayMs: 60_000 });
      const abort = new AbortController();
      const pending = fetch(`${sandbox.url}/v1/create_product`, {
        method: 'POST',
        headers: { 'Authorization-Jwt': token },
        body: JSON.stringify({ title: 'slow' }),
        signal: abort.signal,
      });
      await vi.waitFor(() => expect(sandbox.products()).toHaveLength(1));
      abort.abort();
      await expect(pending).rejects.toThrow();
      expect(sandbox.requests().at(-1)).toMatchObject({ status: 0, fault: 'delayAfterApply' });
    });
  });

  it('delayAfterApply with a short delay still answers 200 {}', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      sandbox.inject({ kind: 'delayAfterApply', delayMs: 20 });
      const answer = await create(sandbox, token);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({});
    });
  });

  it('expireToken answers 400 Access denied to a valid token, once', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      sandbox.inject({ kind: 'expireToken', path: '/v1/update_product' });
      sandbox.seedProduct({ title: 'p' });
      const denied = await call(sandbox, 'POST', '/v1/update_product', {
        token,
        body: { product_id: 1001, title: 'q' },
      });
      expect(denied.body).toEqual(storeErrorBody(400, 'Access denied'));
      expect(sandbox.product(1001)?.fields.title).toBe('p');
      const ok = await call(sandbox, 'POST', '/v1/update_product', { token, body: { product_id: 1001, title: 'q' } });
      expect(ok.status).toBe(200);
    });
  });

  it('matches rules by path, oldest first, for `times` requests (Infinity allowed), never logins by default', async () => {
    await withSandbox({}, async (sandbox) => {
      sandbox.inject({ kind: 'status503', path: '/v1/taxes', times: 2 });
      sandbox.inject({ kind: 'status502' });
      expect(sandbox.pendingFaults()).toBe(3);
      const { access_token: token } = await login(sandbox);
      const statuses = [];
      for (const path of ['/v1/vouchers', '/v1/taxes', '/v1/taxes', '/v1/taxes'])
        statuses.push((await call(sandbox, 'POST', path, { token })).status);
      expect(statuses).toEqual([502, 503, 503, 200]);
      expect(sandbox.pendingFaults()).toBe(0);

      sandbox.inject({ kind: 'status500', times: Infinity });
      for (let i = 0; i < 5; i += 1) expect((await create(sandbox, token)).status).toBe(500);
      expect((await login(sandbox)).status).toBe(true);
      expect(sandbox.pendingFaults()).toBe(Infinity);
      sandbox.clearFaults();
      expect(sandbox.pendingFaults()).toBe(0);
      expect((await create(sandbox, token)).status).toBe(200);
    });
  });

  it('hits logins only when the rule names /v1/authorization', async () => {
    await withSandbox({}, async (sandbox) => {
      sandbox.inject({ kind: 'status503', path: '/v1/authorization' });
      const answer = await call(sandbox, 'POST', '/v1/authorization', {
        body: { email: sandbox.email, password: sandbox.password },
      });
      expect(answer.status).toBe(503);
      expect((await login(sandbox)).status).toBe(true);
    });
  });

  it('refuses a malformed rule', async () => {
    await withSandbox({}, (sandbox) => {
      expect(() => sandbox.inject({ kind: 'status418' as FaultKind })).toThrow(/kind must be one of/);
      expect(() => sandbox.inject({ kind: 'status500', times: -1 })).toThrow(/times/);
      return Promise.resolve();
    });
  });

  it('latencyMs holds every answer back at least that long (a lower bound, so never flaky)', async () => {
    await withSandbox({ latencyMs: 150 }, async (sandbox) => {
      const started = performance.now();
      const answer = await call(sandbox, 'POST', '/v1/authorization', {
        body: { email: sandbox.email, password: sandbox.password },
      });
      expect(answer.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140); // timers may round by a millisecond or so
    });
  });

  it('closes promptly while a delayed answer is pending', async () => {
    const sandbox = await (await import('../../src/sandbox/index.ts')).startSandbox({ latencyMs: 60_000 });
    const pending = fetch(`${sandbox.url}/v1/vouchers`, { method: 'POST' }).catch((error: unknown) => error);
    await vi.waitFor(() => expect(sandbox.requestCount()).toBe(1));
    await sandbox.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});
