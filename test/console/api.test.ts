/** The console's HTTP API against a real sandbox store: auth, uploads, batches, files, re-runs. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../intake/cli.ts';
import { SECRET_VALUES } from '../../src/sandbox/index.ts';
import { readEvents, sheetForm, startConsoleWorld, useConsoleWorld, TOKEN } from './helpers.ts';

const world = useConsoleWorld({ uploadLimitBytes: 64 * 1024 });

/** Two good creates, one row without a title (invalid), one update of a product the store does not have (failed). */
function mixedSheet(missingId: number): string {
  return [
    'title,sale_price,category,barcode,product_id',
    'Lamp,12.5,1,B-1,',
    ',9,1,B-2,',
    'Chair,30,1,B-3,',
    `,15,,,${missingId}`,
  ].join('\n');
}

async function submit(form: FormData, query = ''): Promise<string> {
  const res = await world.api(`/api/batches${query}`, { method: 'POST', body: form });
  expect(res.status).toBe(202);
  const { batchId } = (await res.json()) as { batchId: string };
  return batchId;
}

describe('login', () => {
  it.each([
    ['GET', '/api/batches'],
    ['GET', '/api/batches/20260101-000000-abcdef'],
    ['GET', '/api/batches/20260101-000000-abcdef/events'],
    ['GET', '/api/batches/20260101-000000-abcdef/files/failed.csv'],
    ['POST', '/api/batches'],
    ['POST', '/api/uploads'],
    ['POST', '/api/batches/20260101-000000-abcdef/rerun'],
    ['GET', '/metrics'],
  ])('%s %s without a token is 401', async (method, path) => {
    const res = await fetch(`${world.url}${path}`, { method });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    const wrong = await fetch(`${world.url}${path}`, { method, headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(401);
  });

  it('the page sends a browser without a session to the login form', async () => {
    const res = await fetch(`${world.url}/`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login');
  });

  it('logging in with the token gives an HttpOnly, SameSite=Strict session cookie that opens the API', async () => {
    const res = await fetch(`${world.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: world.url },
      body: new URLSearchParams({ token: TOKEN }).toString(),
    });
    expect(res.status).toBe(303);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toContain(TOKEN);
    const session = cookie.split(';')[0]!;
    expect((await fetch(`${world.url}/api/batches`, { headers: { cookie: session } })).status).toBe(200);

    const bad = await fetch(`${world.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=wrong-token-wrong-token',
    });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('set-cookie')).toBeNull();
  });

  it('a state-changing request with a session cookie but from another site (or no Origin) is refused', async () => {
    const login = await fetch(`${world.url}/login?token=${TOKEN}`, { redirect: 'manual' });
    const session = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const form = () => sheetForm('p.csv', mixedSheet(1));
    const crossSite = await fetch(`${world.url}/api/batches`, {
      method: 'POST',
      headers: { cookie: session, origin: 'https://evil.example' },
      body: form(),
    });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { error: string }).error).toMatch(/another site/);
    const noOrigin = await fetch(`${world.url}/api/uploads`, {
      method: 'POST',
      headers: { cookie: session },
      body: form(),
    });
    expect(noOrigin.status).toBe(403);
    const sameSite = await fetch(`${world.url}/api/uploads`, {
      method: 'POST',
      headers: { cookie: session, origin: world.url },
      body: form(),
    });
    expect(sameSite.status).toBe(201);
    expect(world.sandbox.requestCount('/v1/create_product')).toBe(0);
  });
});

describe('health and metrics', () => {
  it('/healthz answers without a login, with the state of the store and Redis and no secret', async () => {
    const res = await fetch(`${world.url}/healthz`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ status: 'ok', parts: { store: 'up', redis: 'not configured' } });
    for (const secret of [TOKEN, world.sandbox.password]) expect(body).not.toContain(secret);
  });

  it('/healthz is 503 when the store does not answer', async () => {
    const down = await startConsoleWorld();
    // The store goes away before the console's first probe has logged in.
    await down.sandbox.close();
    try {
      const res = await fetch(`${down.url}/healthz`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { parts: Record<string, string> }).parts.store).toBe('down');
    } finally {
      await down.close().catch(() => undefined);
    }
  });
});

describe('batches', () => {
  it('an upload shows validate: counts and the problem rows with row, column and message, sending nothing', async () => {
    const res = await world.api('/api/uploads', { method: 'POST', body: sheetForm('products.csv', mixedSheet(1)) });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as {
      uploadId: string;
      valid: boolean;
      sheets: { creates: number; updates: number; invalidRows: number; issues: { row: number; column: string }[] }[];
    };
    expect(answer.valid).toBe(false);
    expect(answer.sheets[0]).toMatchObject({ creates: 2, updates: 1, invalidRows: 1 });
    expect(answer.sheets[0]!.issues).toEqual([expect.objectContaining({ row: 3, column: 'title', severity: 'error' })]);
    // Only the health probe's login reached the store: no write.
    expect(world.sandbox.requests().filter((r) => r.path !== '/v1/authorization')).toEqual([]);
  });

  it('syncs an upload through the engine: 202, live progress to the end, the four report files, metrics', async () => {
    const missingId = world.sandbox.seedProduct({ title: 'Seed', sale_price: 1, category: 1 }).product_id + 100;
    const batchId = await submit(sheetForm('products.csv', mixedSheet(missingId)));
    const events = await readEvents(world, batchId);
    const last = events.at(-1)!;
    expect(last).toMatchObject({ batchId, status: 'done', total: 4, source: 'upload:products.csv' });
    expect(last.counts).toMatchObject({ created: 2, invalid: 1, failed: 1 });
    expect(world.sandbox.products().map((p) => p.fields.title)).toEqual(expect.arrayContaining(['Lamp', 'Chair']));

    const one = (await (await world.api(`/api/batches/${batchId}`)).json()) as Record<string, unknown>;
    expect(one).toMatchObject({
      batchId,
      status: 'done',
      total: 4,
      counts: { created: 2 },
    });
    expect(typeof one.reportDir).toBe('string');
    const list = (await (await world.api('/api/batches')).json()) as { batchId: string }[];
    expect(list.map((b) => b.batchId)).toContain(batchId);

    const failed = await world.api(`/api/batches/${batchId}/files/failed.csv`);
    expect(failed.status).toBe(200);
    expect(failed.headers.get('content-disposition')).toContain(`${batchId}-failed.csv`);
    const failedText = await failed.text();
    expect(failedText).toContain(String(missingId));
    expect(failedText.trim().split('\n')).toHaveLength(3);
    for (const name of ['results.xlsx', 'results.csv', 'summary.json']) {
      expect((await world.api(`/api/batches/${batchId}/files/${name}`)).status).toBe(200);
    }

    const metrics = await (await world.api('/metrics')).text();
    expect(metrics).toContain('catalog_sync_rows_total{store="default",outcome="created"} 2');
    expect(metrics).toContain(
      'catalog_sync_store_requests_total{store="default",endpoint="create_product",status="200"} 2',
    );
    expect(metrics).toContain('catalog_sync_batch_duration_seconds_count{store="default"} 1');
    expect(metrics).toContain('catalog_sync_queue_depth{store="default"} 0');
  });

  it('a dry run sends no write; mode and dryRun are checked', async () => {
    const batchId = await submit(sheetForm('products.csv', mixedSheet(1), { dryRun: 'true', mode: 'delta' }));
    const last = (await readEvents(world, batchId)).at(-1)!;
    expect(last).toMatchObject({ status: 'done', dryRun: true });
    expect(world.sandbox.requestCount('/v1/create_product')).toBe(0);
    const bad = await world.api('/api/batches', {
      method: 'POST',
      body: sheetForm('p.csv', mixedSheet(1), { mode: 'sometimes' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('mode: expected delta or full, got "sometimes"');
  });

  it('re-runs only the failed rows as a new batch naming the one it re-runs', async () => {
    const seeded = world.sandbox.seedProduct({ title: 'Seed', sale_price: 1, category: 1 }).product_id;
    const sheet = ['product_id,sale_price', `${seeded},5`, `${seeded + 1},6`, `${seeded},x`].join('\n');
    const first = await submit(sheetForm('prices.csv', sheet));
    expect((await readEvents(world, first)).at(-1)!.counts).toMatchObject({ updated: 1, failed: 1, invalid: 1 });
    // The product the failed row named now exists: the re-run's one row goes through.
    expect(world.sandbox.seedProduct({ title: 'Late', sale_price: 1, category: 1 }).product_id).toBe(seeded + 1);
    world.sandbox.resetStats();
    const res = await world.api(`/api/batches/${first}/rerun`, { method: 'POST' });
    expect(res.status).toBe(202);
    const { batchId, invalidRows } = (await res.json()) as { batchId: string; invalidRows: number[] };
    // The invalid row is not re-sent: it needs a fix first, and the answer says which.
    expect(invalidRows).toEqual([4]);
    const last = (await readEvents(world, batchId)).at(-1)!;
    expect(last).toMatchObject({ status: 'done', total: 1, rerunOf: first, source: `rerun:${first}` });
    expect(world.sandbox.requestCount('/v1/update_product')).toBe(1);
    expect(world.sandbox.product(seeded + 1)?.fields.sale_price).toBe(6);
    const again = await world.api(`/api/batches/${batchId}/rerun`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/no failed rows/);
  });
});

describe('past batches', () => {
  it('lists a batch another client made in the same report folder (a CLI import), with its source', async () => {
    const sheet = join(world.reportDir, '..', 'from-cli.csv');
    await writeFile(sheet, 'title,sale_price,category,barcode\nKettle,20,1,CLI-1\n');
    const run = await cli(['import', sheet, '--queue', 'local', '--json'], {
      STORE_URL: world.sandbox.url,
      STORE_EMAIL: world.sandbox.email,
      STORE_PASSWORD: world.sandbox.password,
      REPORT_DIR: world.reportDir,
      // The console holds its own ledger file: the CLI keeps another, as a second machine would.
      LEDGER_FILE: join(world.reportDir, '..', 'cli-ledger.jsonl'),
    });
    expect(run.code).toBe(0);
    const { batchId } = JSON.parse(run.stdout) as { batchId: string };
    const list = (await (await world.api('/api/batches')).json()) as {
      batchId: string;
      status: string;
      source: string;
    }[];
    expect(list.find((b) => b.batchId === batchId)).toMatchObject({ status: 'done', source: sheet, total: 1 });
  });
});

describe('bad requests', () => {
  it('an upload over the limit is 413 with a message, and nothing is kept', async () => {
    const big = 'title,sale_price,category\n' + 'Big item,1,1\n'.repeat(10_000);
    const res = await world.api('/api/batches', { method: 'POST', body: sheetForm('big.csv', big) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/larger than the upload limit of 65536 bytes/);
    expect((await fetch(`${world.url}/healthz`)).status).toBe(200);
    expect((await (await world.api('/api/batches')).json()) as unknown[]).toEqual([]);
  });

  it('a junk upload is a 4xx naming the problem, and the server keeps serving', async () => {
    const junk = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    const res = await world.api('/api/batches', { method: 'POST', body: sheetForm('products.xlsx', junk) });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(((await res.json()) as { error: string }).error).toMatch(/products\.xlsx/);
    // A header that stops the sheet (two columns filling one field) is refused before any batch.
    const twoPrices = await world.api('/api/batches', {
      method: 'POST',
      body: sheetForm('two-prices.csv', 'title,sale_price,price,category\nLamp,1,2,1\n'),
    });
    expect(twoPrices.status).toBe(422);
    expect(((await twoPrices.json()) as { error: string }).error).toMatch(/^two-prices\.csv: header row: .*sale_price/);
    expect((await (await world.api('/api/batches')).json()) as unknown[]).toEqual([]);
    const noFile = await world.api('/api/batches', { method: 'POST', body: new URLSearchParams({ a: 'b' }) });
    expect(noFile.status).toBe(400);
    const notMultipart = await world.api('/api/batches', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'this is not multipart',
    });
    expect(notMultipart.status).toBeGreaterThanOrEqual(400);
    expect(notMultipart.status).toBeLessThan(500);
    expect((await fetch(`${world.url}/healthz`)).status).toBe(200);
    const ok = await world.api('/api/uploads', { method: 'POST', body: sheetForm('p.csv', mixedSheet(1)) });
    expect(ok.status).toBe(201);
  });

  it('no path from the request reaches the file system: bad ids are 400, other names 404', async () => {
    const batchId = await submit(sheetForm('products.csv', 'title,sale_price,category\nLamp,1,1\n'));
    await readEvents(world, batchId);
    for (const path of [
      '/api/batches/..%2F..%2Fetc/files/summary.json',
      '/api/batches/.hidden/files/summary.json',
      `/api/batches/${'x'.repeat(200)}`,
    ]) {
      // 414: Fastify refuses a path parameter over 100 characters before the route sees it.
      expect([400, 414], path).toContain((await world.api(path)).status);
    }
    for (const name of [
      '..%2Fsummary.json',
      '%2Fetc%2Fpasswd',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      'results.tsv',
      'SUMMARY.JSON',
    ]) {
      const res = await world.api(`/api/batches/${batchId}/files/${name}`);
      expect(res.status, name).toBe(404);
    }
    expect((await world.api('/api/batches/20200101-000000-000000')).status).toBe(404);
  });
});

describe('secrets', () => {
  it('no token or store secret in any page, answer, metric or log line', async () => {
    const batchId = await submit(sheetForm('products.csv', mixedSheet(1)));
    await readEvents(world, batchId);
    await fetch(`${world.url}/login?token=${TOKEN}`, { redirect: 'manual' });
    await fetch(`${world.url}/login?token=wrong-guess-wrong-guess`);
    const login = await fetch(`${world.url}/login?token=${TOKEN}`, { redirect: 'manual' });
    const session = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const seen = [
      await (await fetch(`${world.url}/`, { headers: { cookie: session } })).text(),
      await (await fetch(`${world.url}/?lang=ar`, { headers: { cookie: session } })).text(),
      await (await fetch(`${world.url}/batches/${batchId}`, { headers: { cookie: session } })).text(),
      await (await fetch(`${world.url}/login`)).text(),
      await (await fetch(`${world.url}/healthz`)).text(),
      await (await world.api('/metrics')).text(),
      await (await world.api('/api/batches')).text(),
      await (await world.api(`/api/batches/${batchId}`)).text(),
      await (await world.api(`/api/batches/${batchId}/files/results.csv`)).text(),
      world.logs.join(''),
    ].join('\n');
    expect(world.logs.length).toBeGreaterThan(0);
    for (const secret of [TOKEN, world.sandbox.password, ...SECRET_VALUES]) expect(seen).not.toContain(secret);
  });
});
