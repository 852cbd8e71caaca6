/**
 * `schedule run` of a job whose sheet is on an HTTPS server needing a bearer token or basic auth
 * (headers_file), behind a self-signed certificate (ca_file). Real HTTPS server and sandbox store on
 * 127.0.0.1, real CLI. A refused, cut or looping download is a failed run naming the job, the
 * source and what to check, with nothing sent to the store and no secret in what it prints.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { cli } from './cli.ts';
import { createCount, productCsv, startWorld, writeCount, type World, jobsEnv } from './helpers.ts';
import { selfSignedCertificate, startHttpsServer, type HttpsTestServer } from './https-server.ts';

const TOKEN = `tok-${randomUUID()}`;
const USER = 'feeds';
const PASSWORD = `pw-${randomUUID()}`;
const QUERY_SECRET = `sig-${randomUUID()}`;
const BASIC = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
const SHEET = productCsv(['hs-1', 'hs-2', 'hs-3']);

let world: World;
let server: HttpsTestServer;
let env: Record<string, string>;
let caFile: string;

beforeEach(async () => {
  world = await startWorld();
  const certificate = await selfSignedCertificate(world.dir);
  caFile = certificate.certFile;
  server = await startHttpsServer(certificate, (request, response) => {
    const path = new URL(request.url ?? '/', 'https://x').pathname;
    const auth = request.headers.authorization;
    if (path === '/bearer/feed.csv' || path === '/basic/feed.csv') {
      const wanted = path.startsWith('/bearer') ? `Bearer ${TOKEN}` : BASIC;
      if (auth !== wanted) {
        response.writeHead(401, { 'www-authenticate': path.startsWith('/basic') ? 'Basic realm="feeds"' : 'Bearer' });
        response.end('no');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.end(SHEET);
    } else if (path === '/cut/feed.csv') {
      // Announces the whole sheet, sends its first rows, then drops the connection.
      response.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(SHEET.length) });
      response.write(SHEET.slice(0, SHEET.indexOf('hs-2')), () => response.socket?.destroy());
    } else if (path === '/moved/feed.csv') {
      response.writeHead(302, { location: '/bearer/feed.csv' }).end();
    } else if (path === '/away') {
      const to = new URL(request.url ?? '/', 'https://x').searchParams.get('to') ?? '/';
      response.writeHead(302, { location: to }).end();
    } else if (path === '/loop') {
      response.writeHead(302, { location: '/loop' }).end();
    } else response.writeHead(404).end();
  });
  env = await jobsEnv(world);
});

afterEach(async () => {
  await server.close();
  await world.close();
});

async function secretFile(name: string, text: string): Promise<string> {
  const file = join(world.dir, name);
  await writeFile(file, text, { mode: 0o600 });
  return file;
}

async function job(name: string, path: string, extra: Record<string, string> = {}): Promise<void> {
  const keys = { ca_file: caFile, ...extra };
  const lines = [`name: ${name}`, `source: "${server.url}${path}"`, 'schedule: "0 2 * * *"', 'timezone: UTC'];
  for (const [key, value] of Object.entries(keys)) if (value !== '') lines.push(`${key}: ${value}`);
  await writeFile(join(env.JOBS_DIR!, `${name}.yaml`), `${lines.join('\n')}\n`);
}

function expectNoSecret(text: string): void {
  for (const secret of [TOKEN, PASSWORD, QUERY_SECRET, BASIC.slice('Basic '.length)])
    expect(text).not.toContain(secret);
}

async function failedRun(name: string): Promise<string> {
  const run = await cli(['schedule', 'run', name], env);
  expect(run.code).not.toBe(0);
  expectNoSecret(run.stdout + run.stderr);
  expect(writeCount(world.sandbox)).toBe(0);
  return run.stderr;
}

describe('an https source with headers_file', () => {
  it('a bearer token: the sheet is synced, the batch names where it came from, and schedule run shows the download', async () => {
    const headers = await secretFile('bearer.headers', `# the supplier's feed token\nAuthorization: Bearer ${TOKEN}\n`);
    await job('bearer', `/bearer/feed.csv?sig=${QUERY_SECRET}`, { headers_file: headers });
    const run = await cli(['schedule', 'run', 'bearer', '--json'], env);
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as BatchSummary & { download: Record<string, unknown> };
    expect(summary.counts.created).toBe(3);
    expect(summary.source).toBe(`job:bearer ${server.url}/bearer/feed.csv`);
    expect(summary.download).toMatchObject({
      bytes: SHEET.length,
      file: 'feed.csv',
      where: `${server.url}/bearer/feed.csv`,
    });
    expectNoSecret(run.stdout + run.stderr);

    const again = await cli(['schedule', 'run', 'bearer'], env);
    expect(again.stdout).toMatch(
      new RegExp(
        `^source: ${server.url}/bearer/feed.csv; last download \\d{4}-\\d\\d-\\d\\dT[^,]+, ${SHEET.length} bytes \\(feed.csv\\)$`,
        'm',
      ),
    );
    expect(createCount(world.sandbox)).toBe(3);
  });

  it('a redirect on the same server is followed with the token', async () => {
    const headers = await secretFile('bearer.headers', `Authorization: Bearer ${TOKEN}\n`);
    await job('moved', '/moved/feed.csv', { headers_file: headers });
    const run = await cli(['schedule', 'run', 'moved', '--json'], env);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as BatchSummary).counts.created).toBe(3);
  });

  it("a redirect to another origin carries none of the job's headers there", async () => {
    const otherDir = join(world.dir, 'other');
    await mkdir(otherDir);
    const certificate = await selfSignedCertificate(otherDir);
    const seen: (string | undefined)[] = [];
    const other = await startHttpsServer(certificate, (request, response) => {
      seen.push(request.headers['x-api-key'] as string | undefined, request.headers.authorization);
      response.writeHead(200, { 'content-type': 'text/csv' }).end(SHEET);
    });
    try {
      const headers = await secretFile('key.headers', `X-Api-Key: ${TOKEN}\nAuthorization: Bearer ${TOKEN}\n`);
      await writeFile(join(world.dir, 'both-ca.pem'), `${await readFile(caFile, 'utf8')}${certificate.cert}`);
      await job('elsewhere', `/away?to=${encodeURIComponent(`${other.url}/feed.csv`)}`, {
        headers_file: headers,
        ca_file: join(world.dir, 'both-ca.pem'),
      });
      const run = await cli(['schedule', 'run', 'elsewhere', '--json'], env);
      expect(run.code, run.stderr).toBe(0);
      expect(other.paths).toEqual(['/feed.csv']);
      expect(seen).toEqual([undefined, undefined]);
    } finally {
      await other.close();
    }
  });

  it('basic auth: the right user and password sync, a wrong password fails naming the job, source and headers file', async () => {
    const good = await secretFile('basic.headers', `Authorization: ${BASIC}\n`);
    await job('basic', '/basic/feed.csv', { headers_file: good });
    const run = await cli(['schedule', 'run', 'basic', '--json'], env);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as BatchSummary).counts.created).toBe(3);

    world.sandbox.resetStats();
    const wrong = `Basic ${Buffer.from(`${USER}:not-${PASSWORD}`).toString('base64')}`;
    const bad = await secretFile('basic-wrong.headers', `Authorization: ${wrong}\n`);
    await job('basic', '/basic/feed.csv', { headers_file: bad });
    const stderr = await failedRun('basic');
    expect(stderr).toContain(`${server.url}/basic/feed.csv`);
    expect(stderr).toContain('job "basic" cannot download its sheet');
    expect(stderr).toContain('401');
    expect(stderr).toContain(`check the headers in ${bad}`);
    expect(stderr).not.toContain(wrong.slice('Basic '.length));
  });

  it('a wrong bearer token fails naming the job, the source without its query, and the headers file', async () => {
    const headers = await secretFile('wrong.headers', `Authorization: Bearer not-${TOKEN}\n`);
    await job('wrong-token', `/bearer/feed.csv?sig=${QUERY_SECRET}`, { headers_file: headers });
    const stderr = await failedRun('wrong-token');
    expect(stderr).toContain(`${server.url}/bearer/feed.csv: job "wrong-token" cannot download its sheet`);
    expect(stderr).toContain(`check the headers in ${headers}`);
  });

  it('no headers file for a server that wants one: the message says to add headers_file', async () => {
    await job('no-token', '/bearer/feed.csv');
    expect(await failedRun('no-token')).toContain('add headers_file: to the job file');
  });

  it('a self-signed server without ca_file: the message points at the certificate', async () => {
    const headers = await secretFile('bearer.headers', `Authorization: Bearer ${TOKEN}\n`);
    await job('untrusted', '/bearer/feed.csv', { headers_file: headers, ca_file: '' });
    expect(await failedRun('untrusted')).toContain("check the server's certificate");
  });

  it('a download cut short sends nothing', async () => {
    await job('cut', '/cut/feed.csv');
    expect(await failedRun('cut')).toContain('it sent less than the file it announced');
  });

  it('redirects are limited', async () => {
    await job('loop', '/loop');
    expect(await failedRun('loop')).toContain('more than 5 redirects');
  });

  it('a missing file on the server points at the path', async () => {
    await job('missing', '/nothing.csv');
    expect(await failedRun('missing')).toContain('the server has no such file');
  });
});
