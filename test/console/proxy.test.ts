/**
 * The console behind a TLS proxy (issue 28): this process sees plain http from the proxy, so on
 * its own it cannot know the browser uses https, and its session cookie never got `Secure`. With
 * CONSOLE_URL the cookie is `Secure`, redirects and the printed login link name the public
 * address, and that origin passes the Origin check even when the proxy passes its upstream
 * address as Host. Real HTTP to the console; the proxy is played by the requests' headers.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, expect, it } from 'vitest';
import { useTempDir } from '../helpers/use-world.ts';
import { sheetForm, startConsoleWorld, TOKEN, type ConsoleWorld } from './helpers.ts';

const PUBLIC = 'https://console.example.com';
const BIN = join(import.meta.dirname, '../../bin/catalog-sync.js');

let world: ConsoleWorld | undefined;
/** HOME and the reports of the `serve` child. */
const tmp = useTempDir('console-proxy', { once: true });

afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function logIn(at: ConsoleWorld): Promise<Response> {
  return fetch(`${at.url}/login?token=${TOKEN}`, { redirect: 'manual' });
}

it('without CONSOLE_URL the cookie is not Secure and links are paths', async () => {
  world = await startConsoleWorld();
  const login = await logIn(world);
  expect(login.status).toBe(303);
  expect(login.headers.get('location')).toBe('/');
  expect(login.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i);
});

it('with CONSOLE_URL=https://…: a Secure session cookie, redirects to the public address, its origin accepted', async () => {
  world = await startConsoleWorld({ publicUrl: PUBLIC });
  const login = await logIn(world);
  expect(login.status).toBe(303);
  expect(login.headers.get('location')).toBe(`${PUBLIC}/`);
  const cookie = login.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/;\s*Secure/i);
  expect(cookie).toMatch(/HttpOnly/i);
  const session = cookie.split(';')[0]!;

  const form = await fetch(`${world.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC },
    body: new URLSearchParams({ token: TOKEN }).toString(),
  });
  expect(form.status).toBe(303);
  expect(form.headers.get('location')).toBe(`${PUBLIC}/`);
  expect(form.headers.get('set-cookie')).toMatch(/;\s*Secure/i);

  const page = await fetch(`${world.url}/`, { redirect: 'manual' });
  expect(page.status).toBe(303);
  expect(page.headers.get('location')).toBe(`${PUBLIC}/login`);

  // The proxy passed its upstream address as Host (fetch sends 127.0.0.1:port): the public origin still counts as the console's.
  const upload = await fetch(`${world.url}/api/uploads`, {
    method: 'POST',
    headers: { cookie: session, origin: PUBLIC },
    body: sheetForm('p.csv', 'title,sale_price,category\nLamp,12.5,1\n'),
  });
  expect(upload.status).toBe(201);
  const elsewhere = await fetch(`${world.url}/api/uploads`, {
    method: 'POST',
    headers: { cookie: session, origin: 'https://evil.example' },
    body: sheetForm('p.csv', 'title,sale_price,category\nLamp,12.5,1\n'),
  });
  expect(elsewhere.status).toBe(403);

  const logout = await fetch(`${world.url}/logout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: session, origin: PUBLIC },
  });
  expect(logout.headers.get('location')).toBe(`${PUBLIC}/login`);
});

it('serve prints its login link at the public address, and where it listens', async () => {
  const child = spawn(process.execPath, [BIN, 'serve', '--sandbox', '--port', '0'], {
    env: {
      PATH: process.env.PATH,
      HOME: tmp.dir,
      REPORT_DIR: join(tmp.dir, 'reports'),
      LOG_LEVEL: 'silent',
      CONSOLE_URL: PUBLIC,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  try {
    const lines: string[] = [];
    for await (const line of createInterface({ input: child.stdout })) {
      lines.push(line);
      if (line.startsWith('log in:')) break;
    }
    expect(lines.find((l) => l.startsWith('console on'))).toMatch(
      new RegExp(`^console on ${PUBLIC}/ \\(listening on http://127\\.0\\.0\\.1:\\d+\\)$`),
    );
    expect(lines.at(-1)).toMatch(new RegExp(`^log in: ${PUBLIC}/login\\?token=\\S{16,}$`));
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
});
