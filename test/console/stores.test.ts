/**
 * One console for the stores of a stores file, over real HTTP, each store a sandbox of its own:
 * the agency's login (CONSOLE_TOKEN) sees and syncs every store; a store's own console token
 * sees that store alone, and every route of another store (its batches, reports, schedules, drop
 * folder) answers 404 to it, as a store that does not exist would; a store added to the file
 * appears without a restart, a removed one goes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_VALUES, type SandboxHandle } from '../../src/sandbox/index.ts';
import { until } from '../helpers/until.ts';
import { sheetForm, startConsoleWorld, TOKEN, type ConsoleWorld } from './helpers.ts';
import { startStoresWorld, type StoresWorld } from './stores-world.ts';

let world: StoresWorld | undefined;
let single: ConsoleWorld | undefined;

afterEach(async () => {
  await world?.close();
  await single?.close();
  world = single = undefined;
});

const NAMES = {
  north: { store_name: 'North Shop', store_name_ar: 'متجر الشمال' },
  south: { store_name: 'South Shop', store_name_ar: 'متجر الجنوب' },
};

/** A sheet of creates with barcodes `<prefix>-1`, `<prefix>-2`, ... */
function sheet(prefix: string, rows: number): string {
  return [
    'title,sale_price,category,barcode',
    ...Array.from({ length: rows }, (_, i) => `${prefix} ${i + 1},${i + 5},1,${prefix}-${i + 1}`),
  ].join('\n');
}

/** Syncs a sheet through `path` (…/batches) and waits for its end; returns the batch id. */
async function syncVia(at: StoresWorld, base: string, text: string, token?: string): Promise<string> {
  const res = await at.api(`${base}/batches`, { method: 'POST', body: sheetForm('products.csv', text) }, token);
  expect(res.status).toBe(202);
  const { batchId } = (await res.json()) as { batchId: string };
  await until(async () => {
    const view = (await (await at.api(`${base}/batches/${batchId}`, {}, token)).json()) as { status: string };
    return view.status === 'done' || view.status === 'failed';
  }, `batch ${batchId} to end`);
  return batchId;
}

/** The barcodes a store holds, sorted: which rows reached it, whatever order they came in. */
function barcodesIn(store: { sandbox: SandboxHandle }): unknown[] {
  return store.sandbox
    .products()
    .map((p) => p.fields.barcode)
    .sort();
}

async function json(res: Response): Promise<unknown> {
  return res.json();
}

describe('the agency login', () => {
  it('lists every store, syncs to each by its routes, and each store gets exactly its rows', async () => {
    world = await startStoresWorld({
      stores: [
        { id: 'north', name: NAMES.north },
        { id: 'south', name: NAMES.south },
      ],
    });
    const north = world.stores.north!;
    const south = world.stores.south!;
    // The names come from each store's login, which the console makes as it looks at its health.
    await until(async () => {
      const listed = (await json(await world!.api('/api/stores'))) as { name: string | null }[];
      return listed.every((store) => store.name !== null);
    }, 'both stores named');
    expect(await json(await world.api('/api/stores'))).toEqual([
      { id: 'north', url: north.sandbox.url, name: 'North Shop', nameAr: 'متجر الشمال', health: 'up' },
      { id: 'south', url: south.sandbox.url, name: 'South Shop', nameAr: 'متجر الجنوب', health: 'up' },
    ]);

    const northBatch = await syncVia(world, '/api/stores/north', sheet('N', 3));
    const southBatch = await syncVia(world, '/api/stores/south', sheet('S', 2));
    // Exactly its rows, each once; rows are sent several at a time, so they arrive in any order.
    expect(barcodesIn(north)).toEqual(['N-1', 'N-2', 'N-3']);
    expect(barcodesIn(south)).toEqual(['S-1', 'S-2']);

    // Each store's batches, reports and summary under its own routes, and its reports in its own folder.
    const northList = (await json(await world.api('/api/stores/north/batches'))) as { batchId: string }[];
    expect(northList.map((b) => b.batchId)).toEqual([northBatch]);
    const summary = (await json(await world.api(`/api/stores/south/batches/${southBatch}/files/summary.json`))) as {
      store: { id: string };
      reportDir: string;
    };
    expect(summary.store.id).toBe('south');
    expect(summary.reportDir).toBe(`${south.reportDir}/${southBatch}`);
    // A batch is its store's: under the other store's routes it does not exist.
    expect((await world.api(`/api/stores/north/batches/${southBatch}`)).status).toBe(404);

    // The unscoped routes need one store: the agency sees two, so it is told how to name one.
    const unscoped = await world.api('/api/batches');
    expect(unscoped.status).toBe(404);
    expect(((await json(unscoped)) as { error: string }).error).toBe(
      'this login sees 2 stores: name one, /api/stores/{id}/batches (GET /api/stores lists them)',
    );

    const metrics = await (await world.api('/metrics')).text();
    expect(metrics).toMatch(/^catalog_sync_rows_total\{store="north",outcome="created"\} 3$/m);
    expect(metrics).toMatch(/^catalog_sync_rows_total\{store="south",outcome="created"\} 2$/m);
    // Without a login, the health names no store (which stores an agency serves is its own business).
    expect(await json(await fetch(`${world.url}/healthz`))).toEqual({
      status: 'ok',
      parts: { redis: 'not configured', stores: 'up' },
    });
  });
});

describe("a store's own login", () => {
  it("sees its store alone: another store's batch, reports, schedules and drop folder are 404", async () => {
    world = await startStoresWorld({ stores: [{ id: 'north' }, { id: 'south' }, { id: 'east', token: false }] });
    const north = world.stores.north!;
    const south = world.stores.south!;
    const northToken = north.token!;
    const southBatch = await syncVia(world, '/api/stores/south', sheet('S', 2));

    expect(((await json(await world.api('/api/stores', {}, northToken))) as { id: string }[]).map((s) => s.id)).toEqual(
      ['north'],
    );
    // Its one store answers on the unscoped routes too, as a console of one store always did.
    const ownBatch = await syncVia(world, '/api', sheet('N', 1), northToken);
    expect(north.sandbox.products().map((p) => p.fields.barcode)).toEqual(['N-1']);
    const own = (await json(await world.api('/api/batches', {}, northToken))) as { batchId: string }[];
    expect(own.map((b) => b.batchId)).toEqual([ownBatch]);
    expect((await world.api(`/api/stores/north/batches/${ownBatch}`, {}, northToken)).status).toBe(200);

    south.sandbox.resetStats();
    const refused: [string, string][] = [
      ['GET', `/api/batches/${southBatch}`],
      ['GET', `/api/batches/${southBatch}/events`],
      ['GET', `/api/batches/${southBatch}/files/results.csv`],
      ['GET', `/api/batches/${southBatch}/notifications`],
      ['POST', `/api/batches/${southBatch}/rerun`],
      ['POST', `/api/batches/${southBatch}/reconcile?dryRun=true`],
      ['POST', `/api/stores/south/batches/${southBatch}/reconcile?dryRun=true`],
      ['GET', '/api/stores/south/batches'],
      ['GET', `/api/stores/south/batches/${southBatch}`],
      ['GET', `/api/stores/south/batches/${southBatch}/files/summary.json`],
      ['GET', '/api/stores/south/schedules'],
      ['POST', '/api/stores/south/schedules/nightly/run'],
      ['GET', '/api/stores/south/drop'],
      ['GET', '/api/stores/south/store'],
      ['POST', '/api/stores/south/notifications/test'],
      // A store with no token of its own is the agency's alone.
      ['GET', '/api/stores/east/batches'],
      // Every store's figures and queues are the agency's.
      ['GET', '/metrics'],
      ['GET', '/queues'],
    ];
    for (const [method, path] of refused) {
      const res = await world.api(path, { method }, northToken);
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    // An upload to the other store is refused before it is read: nothing reaches that store.
    const upload = await world.api(
      '/api/stores/south/batches',
      { method: 'POST', body: sheetForm('p.csv', sheet('X', 1)) },
      northToken,
    );
    expect(upload.status).toBe(404);
    // The same answer as for a store that does not exist at all: nothing tells the two apart.
    const missing = await world.api('/api/stores/nowhere/batches', {}, northToken);
    expect(await json(missing)).toEqual({ error: 'no store "nowhere" (GET /api/stores lists yours)' });
    expect(await json(await world.api('/api/stores/south/batches', {}, northToken))).toEqual({
      error: 'no store "south" (GET /api/stores lists yours)',
    });
    expect(south.sandbox.requests().filter((r) => r.path !== '/v1/authorization')).toEqual([]);
    expect(barcodesIn(south)).toEqual(['S-1', 'S-2']);

    // The agency sees all three, the store with no token too.
    expect(((await json(await world.api('/api/stores'))) as { id: string }[]).map((s) => s.id)).toEqual([
      'north',
      'south',
      'east',
    ]);
    // No token, no answer, no secret: a wrong token is 401; the logs never hold a token.
    expect((await world.api('/api/stores', {}, 'not-a-token-of-any-store')).status).toBe(401);
    const logs = world.logs.join('');
    for (const secret of [TOKEN, northToken, south.token!, north.sandbox.password, ...SECRET_VALUES])
      expect(logs).not.toContain(secret);
  });

  it('logs in on the page as its store: a session that sees that store alone, with no switcher', async () => {
    world = await startStoresWorld({ stores: [{ id: 'north', name: NAMES.north }, { id: 'south' }] });
    const login = await fetch(`${world.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: world.url },
      body: new URLSearchParams({ token: world.stores.north!.token! }).toString(),
    });
    expect(login.status).toBe(303);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const stores = (await json(await fetch(`${world.url}/api/stores`, { headers: { cookie } }))) as { id: string }[];
    expect(stores.map((s) => s.id)).toEqual(['north']);
    const page = await (await fetch(`${world.url}/`, { headers: { cookie } })).text();
    expect(page).not.toContain('id="store-select"');
    expect(page).toMatch(/id="sync-store"[^>]*>Rows go to <bdi>(North Shop \()?north\)?<\/bdi>/);
    expect(page).not.toContain(world.stores.north!.token!);
    // Another store's page does not exist for this login.
    expect((await fetch(`${world.url}/?store=south`, { headers: { cookie } })).status).toBe(404);
    expect(
      (await fetch(`${world.url}/batches/20200101-000000-abcdef?store=south`, { headers: { cookie } })).status,
    ).toBe(404);
  });
});

describe('the stores file, followed while the console runs', () => {
  it('a store added to the file appears in /api/stores without a restart, with its own login; a removed one goes', async () => {
    world = await startStoresWorld({ stores: [{ id: 'north' }] });
    const west = await world.addStore({ id: 'west' });
    await until(async () => {
      const listed = (await json(await world!.api('/api/stores'))) as { id: string }[];
      return listed.some((s) => s.id === 'west');
    }, 'the added store listed');
    await syncVia(world, '/api/stores/west', sheet('W', 2));
    expect(barcodesIn(west)).toEqual(['W-1', 'W-2']);
    expect(
      ((await json(await world.api('/api/stores', {}, west.token!))) as { id: string }[]).map((s) => s.id),
    ).toEqual(['west']);

    await world.removeStore('west');
    await until(async () => {
      const listed = (await json(await world!.api('/api/stores'))) as { id: string }[];
      return !listed.some((s) => s.id === 'west');
    }, 'the removed store gone');
    expect((await world.api('/api/stores/west/batches')).status).toBe(404);
    // Its token opened that store alone: with the store gone, it opens nothing.
    expect((await world.api('/api/stores', {}, west.token!)).status).toBe(401);
  });
});

describe('with Redis', () => {
  it("/queues shows every store's queue, named by its store, to the agency alone", async () => {
    world = await startStoresWorld({ stores: [{ id: 'north' }, { id: 'south' }], redis: true });
    const queues = (await json(await world.api('/queues/api/queues'))) as { queues: { name: string }[] };
    expect(queues.queues.map((q) => q.name).sort()).toEqual(['north:rows', 'south:rows']);
    expect((await world.api('/queues/api/queues', {}, world.stores.north!.token!)).status).toBe(404);
    expect((await world.api('/queues', {}, world.stores.north!.token!)).status).toBe(404);
    expect(await json(await fetch(`${world.url}/healthz`))).toEqual({
      status: 'ok',
      parts: { redis: 'up', stores: 'up' },
    });
  });
});

describe('a console of one store (no stores file)', () => {
  it('serves its store on the store routes too, as `default`', async () => {
    single = await startConsoleWorld();
    expect(await json(await single.api('/api/stores'))).toEqual([
      expect.objectContaining({ id: 'default', url: single.sandbox.url }),
    ]);
    expect((await single.api('/api/stores/default/batches')).status).toBe(200);
    expect((await single.api('/api/stores/other/batches')).status).toBe(404);
  });
});
