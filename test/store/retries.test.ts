import { createServer, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startSandbox, withSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { isCreateOutcomeUnknown } from '../../src/store/retry.ts';
import { freePort } from '../sync/helpers/processes.ts';
import { clientFor, rejection } from './helpers.ts';

const CREATE = '/v1/create_product';
const UPDATE = '/v1/update_product';

describe('store client: create_product is retried only when it surely never arrived', () => {
  it.each([
    ['a reset after the store applied it', 'resetAfterApply', 'AMBIGUOUS', 1],
    ['a reset before the store applied it (the client cannot tell)', 'resetBeforeApply', 'AMBIGUOUS', 0],
    ['a 500 after the store applied it', 'status500AfterApply', 'SERVER_ERROR', 1],
    ['a 503', 'status503', 'SERVER_ERROR', 0],
  ] as const)('%s: %s, not retried, outcome unknown', async (_label, kind, code, created) => {
    await withSandbox({}, async (sandbox) => {
      const client = clientFor(sandbox);
      sandbox.inject({ kind, path: CREATE });
      const error = await rejection(client.createProduct({ title: 'x' }));
      expect(error).toMatchObject({ code, operation: 'create_product', attempts: 1 });
      expect(isCreateOutcomeUnknown(error.code)).toBe(true);
      expect(sandbox.requestCount(CREATE)).toBe(1);
      expect(sandbox.products()).toHaveLength(created);
      client.close();
    });
  });

  it('a response that never comes within the timeout is AMBIGUOUS, not retried', async () => {
    await withSandbox({}, async (sandbox) => {
      const client = clientFor(sandbox, { requestTimeoutMs: 300 });
      await client.authorize();
      sandbox.inject({ kind: 'delayAfterApply', path: CREATE, delayMs: 2000 });
      const error = await rejection(client.createProduct({ title: 'x' }));
      expect(error).toMatchObject({ code: 'AMBIGUOUS', attempts: 1 });
      expect(error.message).toContain('timeout (request)');
      expect(sandbox.requestCount(CREATE)).toBe(1);
      client.close();
    });
  });

  it('a 429 is retried (after Retry-After, holding the gate) and creates once', async () => {
    await withSandbox({}, async (sandbox) => {
      const sleeps: number[] = [];
      const client = clientFor(sandbox, {}, { sleep: (ms) => (sleeps.push(ms), Promise.resolve()) });
      sandbox.inject({ kind: 'status429', path: CREATE, retryAfterSeconds: 1 });
      const result = await client.createProduct({ title: 'x' });
      expect(result).toMatchObject({ httpStatus: 200, attempts: 2 });
      expect(sleeps).toEqual([1000]);
      expect(sandbox.products()).toHaveLength(1);
      // The gate was paused: the retry reached the store at least 1 s after the 429.
      const creates = sandbox.requests().filter((r) => r.path === CREATE);
      expect(creates[1]!.at - creates[0]!.at).toBeGreaterThanOrEqual(990);
      client.close();
    });
  });

  it('a create whose connection is refused is retried, and succeeds once the store is back', async () => {
    const first = await startSandbox();
    const port = Number(new URL(first.url).port);
    let second: SandboxHandle | undefined;
    const client = clientFor(
      first,
      {},
      {
        // The wait before the retry is when the store comes back on the same port.
        sleep: async () => {
          second ??= await startSandbox({ port });
        },
      },
    );
    try {
      await client.authorize();
      client.close(); // no kept-alive socket: the next request must connect afresh
      await first.close();
      const result = await client.createProduct({ title: 'x' });
      // refused, then (the new store does not know the old token) denied, re-login, created
      expect(result.attempts).toBeGreaterThanOrEqual(2);
      expect(first.requestCount(CREATE)).toBe(0);
      expect(second?.products()).toHaveLength(1);
    } finally {
      client.close();
      await second?.close();
    }
  });

  it('a refused connection that stays refused is NOT_SENT after the bounded attempts', async () => {
    const port = await freePort();
    const client = clientFor(
      { url: `http://127.0.0.1:${port}`, email: 'a@b.c', password: 'p' },
      {},
      { maxAttempts: 3 },
    );
    const error = await rejection(client.authorize());
    expect(error).toMatchObject({ code: 'NOT_SENT', operation: 'authorize', attempts: 3 });
    expect(isCreateOutcomeUnknown(error.code)).toBe(false);
    client.close();
  });

  it('a TLS handshake that never ends is NOT_SENT (connect timeout), retried, and no request is written', async () => {
    // Accepts connections and reads them, but never answers the TLS hello.
    const firstBytes: number[] = [];
    const connections = new Set<Socket>();
    const silent = createServer((socket) => {
      connections.add(socket);
      socket.once('data', (chunk: Buffer) => firstBytes.push(chunk[0]!));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const client = clientFor(
      { url: `https://127.0.0.1:${port}`, email: 'a@b.c', password: 'p' },
      { connectTimeoutMs: 1000 },
      { maxAttempts: 2 },
    );
    try {
      const error = await rejection(client.createProduct({ title: 'x' }));
      expect(error).toMatchObject({ code: 'NOT_SENT', operation: 'authorize', attempts: 2 });
      expect(error.message).toContain('timeout (secureConnect)');
      // Each connection began with a TLS hello (record type 22, handshake), never an HTTP request line.
      expect(firstBytes).toEqual([22, 22]);
    } finally {
      client.close();
      for (const socket of connections) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('store client: idempotent operations are retried', () => {
  it.each(['resetAfterApply', 'status500AfterApply', 'status502', 'resetBeforeApply'] as const)(
    'update_product after %s',
    async (kind) => {
      await withSandbox({}, async (sandbox) => {
        const product = sandbox.seedProduct({ title: 'x' });
        const client = clientFor(sandbox);
        sandbox.inject({ kind, path: UPDATE });
        const result = await client.updateProduct({ product_id: product.product_id, title: 'y' });
        expect(result).toMatchObject({ httpStatus: 200, attempts: 2 });
        expect(sandbox.product(product.product_id)?.fields.title).toBe('y');
        client.close();
      });
    },
  );

  it('gives up after maxAttempts with SERVER_ERROR', async () => {
    await withSandbox({}, async (sandbox) => {
      const client = clientFor(sandbox, {}, { maxAttempts: 4 });
      sandbox.inject({ kind: 'status500', path: '/v1/vouchers', times: Infinity });
      const error = await rejection(client.listVouchers());
      expect(error).toMatchObject({ code: 'SERVER_ERROR', httpStatus: 500, attempts: 4 });
      expect(sandbox.requestCount('/v1/vouchers')).toBe(4);
      client.close();
    });
  });

  it('never retries a rejection', async () => {
    await withSandbox({}, async (sandbox) => {
      const client = clientFor(sandbox);
      await rejection(client.updateProduct({ product_id: 4040, title: 'y' }));
      expect(sandbox.requestCount(UPDATE)).toBe(1);
      client.close();
    });
  });
});
