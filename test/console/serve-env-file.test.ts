/**
 * `serve` reads CONSOLE_TOKEN and CONSOLE_UPLOAD_LIMIT from `.env` in its folder, as every other
 * setting: they were read before the file was, so a random login link was printed, the agency's
 * token was refused and the default upload limit applied. The real CLI in a folder with a `.env`.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { until } from '../helpers/until.ts';
import { useCliWorld } from '../sync/helpers/cli-world.ts';

const TOKEN = 'agency-env-file-token-0123456789abcdef';
const LIMIT = 200;

const t = useCliWorld();

it('serve takes CONSOLE_TOKEN and CONSOLE_UPLOAD_LIMIT from .env', async () => {
  const folder = t.world.dir;
  await writeFile(join(folder, '.env'), `CONSOLE_TOKEN=${TOKEN}\nCONSOLE_UPLOAD_LIMIT=${LIMIT}\n`);
  const serve = t.cli(['serve', '--port', '0'], { REDIS_URL: undefined, CONSOLE_TOKEN: undefined }, folder);
  await until(() => /console on (http:\/\/\S+)\//.test(serve.all()), 'the console to listen');
  expect(serve.out()).toContain('(log in with CONSOLE_TOKEN)');
  expect(serve.out()).not.toContain('/login?token=');
  const url = /console on (http:\/\/\S+?)\//.exec(serve.all())![1]!;
  const auth = { authorization: `Bearer ${TOKEN}` };

  expect((await fetch(`${url}/api/batches`, { headers: auth })).status).toBe(200);

  const form = new FormData();
  const rows = Array.from({ length: 20 }, (_, i) => `Item ${i},5,1,ENV-${i}`);
  form.append('file', new Blob([['title,sale_price,category,barcode', ...rows].join('\n')]), 'big.csv');
  const upload = await fetch(`${url}/api/batches`, { method: 'POST', headers: auth, body: form });
  expect(upload.status).toBe(413);
  expect(await upload.text()).toContain(`upload limit of ${LIMIT} bytes`);
  expect(t.world.sandbox.requestCount('/v1/create_product')).toBe(0);
});
