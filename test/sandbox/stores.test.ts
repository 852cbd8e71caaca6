/**
 * One sandbox process, many stores (src/sandbox/stores.ts): each store at its own prefix keeps its
 * own account, tokens, products, rate limit and control API; the stores file it writes names each
 * store once, at its own prefix.
 */
import { afterEach, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { sandboxStoresFile, startSandboxStores, type SandboxStoresHandle } from '../../src/sandbox/index.ts';
import { call, login, storeErrorBody } from './helpers.ts';

let sandbox: SandboxStoresHandle | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

it('keeps each store’s account, tokens and products apart', async () => {
  sandbox = await startSandboxStores({ stores: 3 });
  const [one, two, three] = sandbox.stores;
  expect(new Set(sandbox.stores.map((s) => s.email)).size).toBe(3);
  const { access_token: token } = await login(one!);
  // Store 1's account is no account at store 2, and its token is no token there.
  const wrongStore = await call(two!, 'POST', '/v1/authorization', {
    body: { email: one!.email, password: one!.password },
  });
  expect(wrongStore.body).toEqual(storeErrorBody(400, 'Invalid Access!'));
  const create = { title: 'only in one', category: 1, barcode: 'ONE-1' };
  const refused = await call(two!, 'POST', '/v1/create_product', { token, body: create });
  expect(refused.body).toEqual(storeErrorBody(400, 'Access denied'));
  expect((await call(one!, 'POST', '/v1/create_product', { token, body: create })).status).toBe(200);
  expect(one!.products().map((p) => p.fields.barcode)).toEqual(['ONE-1']);
  expect(two!.products()).toEqual([]);
  expect(three!.products()).toEqual([]);
  // Each store's control API answers for that store only.
  const stats = await call(one!, 'GET', '/__sandbox/stats');
  expect(stats.body).toMatchObject({ requests: 2, byPath: { '/v1/authorization': 1, '/v1/create_product': 1 } });
  expect(await call(three!, 'GET', '/__sandbox/stats')).toMatchObject({ body: { requests: 0 } });
  const info = (await login(three!)).user_info;
  expect(info.store_name).toBe('Sandbox Store 3');
  expect((await call(sandbox, 'GET', '/s/4/v1/categories')).status).toBe(404);
});

it('holds each store to its own rate limit', async () => {
  sandbox = await startSandboxStores({ stores: 2, rateLimit: { max: 3, windowMs: 60_000 } });
  const [one, two] = sandbox.stores;
  const statuses = async (store: typeof one, n: number): Promise<number[]> => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await call(store!, 'GET', '/v1/categories')).status);
    return out;
  };
  // Store 1 spends its window; store 2's is untouched by it.
  expect(await statuses(one, 4)).toEqual([400, 400, 400, 429]);
  expect(await statuses(two, 3)).toEqual([400, 400, 400]);
  // A limit changed at one store's control API is that store's alone.
  expect((await call(two!, 'POST', '/__sandbox/rate-limit', { body: { max: null } })).status).toBe(200);
  expect(await statuses(two, 2)).toEqual([400, 400]);
  expect(await statuses(one, 1)).toEqual([429]);
});

it('keeps no timer per store: an idle store costs only its memory', async () => {
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
  const before = timers();
  sandbox = await startSandboxStores({ stores: 200, rateLimit: { max: 5 }, latencyMs: 20 });
  expect(timers() - before).toBe(0);
});

it('writes a stores file naming each store at its own prefix', async () => {
  sandbox = await startSandboxStores({ stores: 2 });
  const file = parseYaml(sandboxStoresFile(sandbox, 'SANDBOX_PASSWORD', 5)) as { stores: unknown[] };
  expect(file.stores).toEqual([
    {
      id: 's1',
      url: `${sandbox.url}/s/1`,
      email: 'store-1@catalog-sync.test',
      password_env: 'SANDBOX_PASSWORD',
      rate: 5,
    },
    {
      id: 's2',
      url: `${sandbox.url}/s/2`,
      email: 'store-2@catalog-sync.test',
      password_env: 'SANDBOX_PASSWORD',
      rate: 5,
    },
  ]);
});
