/**
 * The keep-alive race (issue 28): a create written on a kept-alive connection just as the store
 * closes it for being idle meets a reset, and a create that met a reset ends `unknown`. The store
 * runs in its own process with a short keep-alive timeout; this process plays the busy machine:
 * its event loop is held (no timer runs, no socket is read) until the kernel says the store has
 * closed the client's connection, and the next create is made right then, as a late timer would
 * let it. It must go out on a new connection and be created.
 *
 * Linux: the connection's state is read from /proc/net/tcp, which needs no event loop.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startChildSandbox, type ChildSandbox } from '../helpers/child-sandbox.ts';
import { clientFor } from './helpers.ts';
import type { StoreClient } from '../../src/store/client.ts';

const ESTABLISHED = '01';
const CLOSE_WAIT = '08';

let store: ChildSandbox;
let client: StoreClient | undefined;

beforeEach(async () => {
  store = await startChildSandbox();
});
afterEach(async () => {
  client?.close();
  client = undefined;
  await store.stop();
});

/** The kernel's states of this machine's TCP connections to `port` (hex codes of /proc/net/tcp). */
function statesOfConnectionsTo(port: number): string[] {
  const remote = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[2]?.endsWith(remote))
    .map((fields) => fields[3]!);
}

/**
 * Holds this process's event loop until the store has closed every connection to it (closed on
 * its side, not yet noticed on ours), as a busy machine holds it: no timer of ours fires meanwhile.
 */
function holdLoopUntilStoreClosed(port: number): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = performance.now() + 60_000;
  for (;;) {
    const states = statesOfConnectionsTo(port);
    if (states.includes(CLOSE_WAIT) && !states.includes(ESTABLISHED)) return;
    if (performance.now() > deadline)
      throw new Error(`the store never closed its idle connections (${states.join(', ')})`);
    Atomics.wait(pause, 0, 0, 10);
  }
}

async function createAfterStoreClosedIdle(keepAliveMs?: number): Promise<void> {
  const port = Number(new URL(store.url).port);
  client = clientFor(store, keepAliveMs === undefined ? {} : { keepAliveMs });
  await client.createProduct({ title: 'First', category: 1, sale_price: 5 });
  holdLoopUntilStoreClosed(port);
  // Made at once, before this process reads the store's close: only the check at reuse stands
  // between this create and the closed connection.
  const second = client.createProduct({ title: 'Second', category: 1, sale_price: 6 });
  await expect(second).resolves.toMatchObject({ httpStatus: 200 });
  const creates = (await store.requests()).filter((r) => r.path === '/v1/create_product');
  expect(creates).toHaveLength(2);
}

it('a store that closes idle connections after 1 s without saying so: with STORE_KEEP_ALIVE_MS below it, the next create goes out on a new connection', async () => {
  await store.post('keep-alive', { timeoutMs: 1000, announce: false });
  await createAfterStoreClosedIdle(500);
});

it("a store that announces its timeout (Keep-Alive: timeout=2, as Node's servers do): a connection is not reused past a second before it, whatever the setting", async () => {
  await store.post('keep-alive', { timeoutMs: 2500, announce: true });
  await createAfterStoreClosedIdle();
});
