/**
 * The README's rehearsal (`serve --sandbox`): its sandbox store keeps a ledger for as long as the
 * console runs (in memory), so the operator rehearses what a real store does on a second upload:
 * the preview says the products are created already, a sharp price cut is held by the guard. The
 * page says it is a rehearsal, in English and Arabic.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { closedAfterEach, readEvents, sheetForm, startConsoleWorld, TOKEN } from './helpers.ts';

const started = closedAfterEach();

const SAMPLE = join(import.meta.dirname, '..', '..', 'templates', 'sample-products.csv');

it('a rehearsal previews and guards a second upload as a real store would, and the page says it is one', async () => {
  const w = await started(startConsoleWorld({ rehearsal: true }));
  const sample = await readFile(SAMPLE, 'utf8');
  const upload = async (text: string) => {
    const res = await w.api('/api/uploads', { method: 'POST', body: sheetForm('sample.csv', text) });
    expect(res.status).toBe(201);
    return (await res.json()) as {
      uploadId: string;
      sheets: { plan: Record<string, number> }[];
      guard: { held: boolean };
    };
  };
  const first = await upload(sample);
  expect(first.sheets[0]!.plan).toMatchObject({ create: 8, skipped: 0 });
  const sent = await w.api('/api/batches', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ upload: first.uploadId, name: 'sample.csv' }),
  });
  const { batchId } = (await sent.json()) as { batchId: string };
  expect((await readEvents(w, batchId)).at(-1)).toMatchObject({ status: 'done', counts: { created: 8 } });

  // The same sheet again: nothing would be created twice, as with a real store.
  const again = await upload(sample);
  expect(again.sheets[0]!.plan).toMatchObject({ create: 0, skipped: 8 });
  const preview = (await (await w.api(`/api/uploads/${again.uploadId}/preview`)).json()) as {
    rows: { code?: string }[];
  };
  expect(preview.rows.map((r) => r.code)).toEqual(Array.from({ length: 8 }, () => 'already_created'));

  const login = await fetch(`${w.url}/login?token=${TOKEN}`, { redirect: 'manual' });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const page = async (lang: string) => (await fetch(`${w.url}/?lang=${lang}`, { headers: { cookie } })).text();
  expect(await page('en')).toContain('Rehearsal: this console syncs to a sandbox store');
  expect(await page('ar')).toContain('تجربة: تزامن هذه اللوحة مع متجر تجريبي');
});

it('a console of a real store does not say it is a rehearsal', async () => {
  const w = await started(startConsoleWorld());
  const login = await fetch(`${w.url}/login?token=${TOKEN}`, { redirect: 'manual' });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  expect(await (await fetch(`${w.url}/`, { headers: { cookie } })).text()).not.toContain('sandbox-note');
});
