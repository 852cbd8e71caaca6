/**
 * Live progress streams are capped (issue 28: 500 were accepted): at most 8 open per login (a
 * session, or the bearer token) and 64 in all; beyond them 429 and 503 with a message, and a
 * stream that closes frees its place. Real HTTP, a batch held running by a store that does not
 * answer its create until the test lets it go (the store closes).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EVENT_STREAM_LIMITS } from '../../src/console/event-streams.ts';
import { until } from '../helpers/until.ts';
import { sheetForm, startConsoleWorld, TOKEN, type ConsoleWorld } from './helpers.ts';

let world: ConsoleWorld;
const streams: AbortController[] = [];
// The answers of the open streams, kept: undici cancels the body of a Response collected unread, and
// the server then frees that stream's place, so a busy run's garbage collection would open a place.
const answers: Response[] = [];

beforeEach(async () => {
  world = await startConsoleWorld();
});
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.abort();
  answers.splice(0);
  await world.close();
});

/** Opens the batch's event stream with these headers and leaves it open; its status. */
async function openStream(batchId: string, headers: Record<string, string>): Promise<Response> {
  const stream = new AbortController();
  streams.push(stream);
  const answer = await fetch(`${world.url}/api/batches/${batchId}/events`, { headers, signal: stream.signal });
  answers.push(answer);
  return answer;
}

async function sessionCookie(): Promise<Record<string, string>> {
  const login = await fetch(`${world.url}/login?token=${TOKEN}`, { redirect: 'manual' });
  return { cookie: (login.headers.get('set-cookie') ?? '').split(';')[0]! };
}

it('at most 8 streams per login and 64 in all: 429 and 503 beyond, with a message; a closed stream frees its place', async () => {
  const { perLogin, total } = EVENT_STREAM_LIMITS;
  expect([perLogin, total]).toEqual([8, 64]);
  world.sandbox.inject({ kind: 'delayAfterApply', path: '/v1/create_product', delayMs: 600_000 });
  const submitted = await world.api('/api/batches', {
    method: 'POST',
    body: sheetForm('held.csv', 'title,sale_price,category,barcode\nLamp,12.5,1,ES-1\n'),
  });
  const { batchId } = (await submitted.json()) as { batchId: string };
  await until(() => world.sandbox.requestCount('/v1/create_product') === 1, 'the create to reach the store');

  const bearer = { authorization: `Bearer ${TOKEN}` };
  for (let i = 0; i < perLogin; i += 1) expect((await openStream(batchId, bearer)).status).toBe(200);
  const tooMany = await openStream(batchId, bearer);
  expect(tooMany.status).toBe(429);
  expect(((await tooMany.json()) as { error: string }).error).toMatch(/at most 8 at once; close a tab/);

  // Another login still gets its own, up to the console's limit.
  const browser = await sessionCookie();
  expect((await openStream(batchId, browser)).status).toBe(200);
  let open = perLogin + 1;
  while (open < total) {
    const login = await sessionCookie();
    for (let i = 0; i < perLogin && open < total; i += 1, open += 1)
      expect((await openStream(batchId, login)).status).toBe(200);
  }
  const full = await openStream(batchId, await sessionCookie());
  expect(full.status).toBe(503);
  expect(full.headers.get('retry-after')).toBe('5');
  expect(((await full.json()) as { error: string }).error).toMatch(/at most 64 live progress streams at once/);

  // One of the first login's streams closes: that login may open one again.
  streams[0]!.abort();
  await until(async () => {
    const again = await openStream(batchId, bearer);
    return again.status === 200;
  }, 'the closed stream to free its place');

  // The store lets the create go (it closes): the batch ends, and its streams with it.
  await world.sandbox.close();
  await until(
    async () => ((await (await world.api(`/api/batches/${batchId}`)).json()) as { status: string }).status === 'done',
    'the batch to end',
  );
});
