import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { call, login } from './helpers.ts';

const BIN = fileURLToPath(new URL('../../bin/catalog-sync.js', import.meta.url));

describe('catalog-sync sandbox', () => {
  it('prints its URL, the demo credentials and export lines, serves the store, and stops cleanly on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [BIN, 'sandbox', '--rate-limit', '50', '--token-ttl', '120', '--expires-in', 'duration'],
      {
        env: { ...process.env, STORE_URL: '', STORE_EMAIL: '', STORE_PASSWORD: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const ready = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('Ctrl-C')) resolve();
      });
    });
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      await Promise.race([ready, exited.then(() => Promise.reject(new Error(`sandbox exited early: ${stderr}`)))]);
      const match = /^export STORE_URL=(http:\/\/127\.0\.0\.1:\d+) STORE_EMAIL=(\S+) STORE_PASSWORD=(\S+)$/m.exec(
        stdout,
      );
      expect(match).not.toBeNull();
      const [, url = '', email = '', password = ''] = match ?? [];
      expect(stdout).toContain(`listening on ${url}`);
      const sandbox = { url, email, password };
      const answer = await login(sandbox);
      expect(answer.expires_in).toBe(120);
      const stats = await call(sandbox, 'GET', '/__sandbox/stats');
      expect(stats.body).toMatchObject({ requests: 1 });
      // The page the banner points to has the section it names.
      const where = /\(all of them: (\S+), "([^"]+)"\)/.exec(stdout);
      expect(where, stdout).not.toBeNull();
      const [, page = '', section = ''] = where ?? [];
      expect(readFileSync(new URL(`../../${page}`, import.meta.url), 'utf8')).toMatch(
        new RegExp(`^#+ ${section.replace(/[()]/g, '\\$&')}`, 'm'),
      );
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await exited;
    expect(code).toBe(0);
    expect(stderr).toContain('sandbox store stopped (SIGTERM)');
  });

  it('exits 2 naming a bad flag', async () => {
    const child = spawn(process.execPath, [BIN, 'sandbox', '--latency', 'soon'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stderr).toContain('--latency must be a whole number >= 0, got "soon"');
  });
});

describe('catalog-sync sandbox on a taken port', () => {
  it('exits 2 naming the port', async () => {
    const { startSandbox } = await import('../../src/sandbox/index.ts');
    const taken = await startSandbox();
    try {
      const port = new URL(taken.url).port;
      const child = spawn(process.execPath, [BIN, 'sandbox', '--port', port], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(2);
      expect(stderr).toContain(`cannot listen on 127.0.0.1:${port} (EADDRINUSE)`);
    } finally {
      await taken.close();
    }
  });
});
