/* global process */
/**
 * The baseline of bench/scale.ts: a plain got + p-limit(32) loop that logs in once and sends the
 * create bodies of the bench sheet (JSON lines in BODIES_FILE) to STORE_URL. Plain node, no tsx,
 * as small as a hand-written sync script gets.
 */
import { readFileSync } from 'node:fs';
import got from 'got';
import pLimit from 'p-limit';

const base = process.env.STORE_URL;
const login = await got
  .post(`${base}/v1/authorization`, { json: { email: process.env.STORE_EMAIL, password: process.env.STORE_PASSWORD } })
  .json();
const token = login.access_token;
const bodies = readFileSync(process.env.BODIES_FILE, 'utf8').split('\n').filter(Boolean);
const limit = pLimit(32);
let ok = 0;
await Promise.all(
  bodies.map((body) =>
    limit(async () => {
      const answer = await got
        .post(`${base}/v1/create_product`, {
          body,
          headers: { 'content-type': 'application/json', 'Authorization-Jwt': token },
        })
        .json();
      if (answer.status !== false) ok++;
    }),
  ),
);
if (ok !== bodies.length) throw new Error(`${bodies.length - ok} creates failed`);
