/**
 * Two consoles, one per store, sharing one report folder: each lists every batch with the store it
 * went to, and re-runs only its own store's. Another store's batch, or a report that does not say
 * its store, is a 409 naming both stores, and nothing reaches the store. The 409's words are the
 * operator's (no command or flag), in the request's language.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readEvents, sheetForm, startConsoleWorld, type ConsoleWorld } from '../console/helpers.ts';
import { useTempDir, useWorld } from '../helpers/use-world.ts';

/** A command, a flag or a setting: the CLI's advice, never the console's (the sandbox's login is catalog-sync.test). */
const TERMINAL = /catalog-sync [a-z<]|--[a-z]|<batch>|STORE_URL|STORE_EMAIL/;

const shared = useTempDir('shared-reports');
const consoleA = useWorld(() => startConsoleWorld({ reportDir: join(shared.dir, 'reports') }));
const consoleB = useWorld(() => startConsoleWorld({ reportDir: join(shared.dir, 'reports') }));

/** A batch on store B with one created row and one failed (an update of a product B lacks). */
async function batchOnB(): Promise<string> {
  const sheet = ['title,sale_price,category,barcode,product_id', 'Lamp,12.5,1,B-1,', ',15,,,999'].join('\n');
  const res = await consoleB.api('/api/batches', { method: 'POST', body: sheetForm('b.csv', sheet) });
  expect(res.status).toBe(202);
  const { batchId } = (await res.json()) as { batchId: string };
  const last = (await readEvents(consoleB, batchId)).at(-1)!;
  expect(last.status).toBe('done');
  expect(last.counts).toMatchObject({ created: 1, failed: 1 });
  return batchId;
}

/** Requests that change a store or read it for a batch (the console's health check logs in now and then). */
function batchRequests(world: ConsoleWorld): number {
  return ['/v1/create_product', '/v1/update_product', '/v1/products_status', '/v1/categories']
    .map((path) => world.sandbox.requestCount(path))
    .reduce((a, b) => a + b, 0);
}

async function rerunOn(
  world: ConsoleWorld,
  batchId: string,
  query = '',
): Promise<{ status: number; body: Record<string, unknown> }> {
  return postOn(world, `/api/batches/${batchId}/rerun${query}`);
}

async function reconcileOn(
  world: ConsoleWorld,
  batchId: string,
  query = '',
): Promise<{ status: number; body: Record<string, unknown> }> {
  return postOn(world, `/api/batches/${batchId}/reconcile?dryRun=true${query}`);
}

async function postOn(world: ConsoleWorld, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await world.api(path, { method: 'POST' });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A 409 in the operator's words: each of `words`, and no command, flag or setting. */
function expectRefusedInWords(answer: { status: number; body: Record<string, unknown> }, ...words: string[]): void {
  expect(answer.status).toBe(409);
  for (const word of words) expect(answer.body.error).toContain(word);
  expect(answer.body.error).not.toMatch(TERMINAL);
}

/** A copy of the batch's report as an earlier version wrote it (summary.json without `store`): its id. */
async function unrecordedCopy(batchId: string): Promise<string> {
  const old = batchId.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
  await cp(join(shared.dir, 'reports', batchId), join(shared.dir, 'reports', old), { recursive: true });
  const summaryFile = join(shared.dir, 'reports', old, 'summary.json');
  const { store: _store, ...summary } = JSON.parse(await readFile(summaryFile, 'utf8')) as Record<string, unknown>;
  await writeFile(summaryFile, JSON.stringify({ ...summary, batchId: old }));
  return old;
}

it("lists each batch with its store, and refuses to re-run another store's batch (409), sending nothing", async () => {
  const batchId = await batchOnB();
  const listed = (await (await consoleA.api('/api/batches')).json()) as { batchId: string; store: unknown }[];
  expect(listed.find((b) => b.batchId === batchId)?.store).toMatchObject({
    url: consoleB.sandbox.url,
    account: consoleB.sandbox.email,
  });

  consoleA.sandbox.resetStats();
  const refused = await rerunOn(consoleA, batchId);
  expect(refused.body.batchStore).toMatchObject({ url: consoleB.sandbox.url });
  // In the operator's words: open it on the other store's console, not the CLI's flag or settings.
  expectRefusedInWords(
    refused,
    consoleB.sandbox.url,
    consoleA.sandbox.url,
    `To work on it, open it on the console of `,
  );
  expectRefusedInWords(
    await rerunOn(consoleA, batchId, '?lang=ar'),
    'لا إلى متجر هذه اللوحة',
    `للعمل عليها افتحها في لوحة `,
    consoleB.sandbox.url,
  );
  // Its reconcile is refused in the same words.
  const reconcile = await reconcileOn(consoleA, batchId);
  expect(reconcile.status).toBe(409);
  expect(reconcile.body.error).toBe(refused.body.error);
  expect(batchRequests(consoleA)).toBe(0);
  expect(consoleA.sandbox.products()).toHaveLength(0);

  // Its own store's console re-runs it.
  const own = await rerunOn(consoleB, batchId);
  expect(own.status).toBe(202);
  const rerun = (await readEvents(consoleB, String(own.body.batchId))).at(-1)!;
  expect(rerun).toMatchObject({ status: 'done', rerunOf: batchId });
  expect(rerun.store).toMatchObject({ url: consoleB.sandbox.url });
});

it('refuses a report that does not say which store it went to (written by an earlier version)', async () => {
  const old = await unrecordedCopy(await batchOnB());

  consoleB.sandbox.resetStats();
  const refused = await rerunOn(consoleB, old);
  expect(refused.body.error).toMatch(/does not say which store/);
  // What the operator can do on the page, in words: no command, no flag.
  expectRefusedInWords(refused, 'download its failed rows (failed.csv) and upload that file');
  // In the request's language.
  expectRefusedInWords(
    await rerunOn(consoleB, old, '?lang=ar'),
    'لا يذكر تقريرها المتجر الذي أُرسلت إليه',
    'فنزّل صفوفها الفاشلة (failed.csv) وارفع ذلك الملف',
  );
  expect(batchRequests(consoleB)).toBe(0);
});

it('refuses to reconcile a report that does not say its store, saying in words what to do instead', async () => {
  const old = await unrecordedCopy(await batchOnB());

  consoleB.sandbox.resetStats();
  const refused = await reconcileOn(consoleB, old);
  expect(refused.body.batchStore).toBeNull();
  expectRefusedInWords(
    refused,
    'its unknown creates are not settled against',
    "look for its unknown products in the store's admin",
  );
  expectRefusedInWords(
    await reconcileOn(consoleB, old, '&lang=ar'),
    'فلا تُحسم إنشاءاتها غير المعروفة',
    'فابحث عن منتجاتها غير المعروفة في لوحة إدارة المتجر',
  );
  expect(batchRequests(consoleB)).toBe(0);
});
