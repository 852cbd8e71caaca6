import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readStoresFile } from '../../src/stores-file.ts';
import { useTempDir } from '../helpers/use-world.ts';
import { call, login } from './helpers.ts';

const BIN = fileURLToPath(new URL('../../bin/catalog-sync.js', import.meta.url));

const tmp = useTempDir('sandbox-cli');

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

  it('with --stores prints a stores file the deployment reads, each store answering at its own prefix', async () => {
    const child = spawn(process.execPath, [BIN, 'sandbox', '--stores', '3', '--rate-limit', '7'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    const ready = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('Ctrl-C')) resolve();
      });
    });
    const exited = once(child, 'exit') as Promise<[number | null]>;
    try {
      await Promise.race([ready, exited.then(() => Promise.reject(new Error('sandbox exited early')))]);
      const printed =
        /^Stores file:\n([\s\S]*?)\nSave it as stores.yaml, then:\nexport STORES_FILE=stores.yaml SANDBOX_PASSWORD=(\S+)$/m.exec(
          stdout,
        );
      expect(printed, stdout).not.toBeNull();
      const [, yaml = '', password = ''] = printed ?? [];
      const file = join(tmp.dir, 'stores.yaml');
      await writeFile(file, yaml);
      const { stores } = readStoresFile(file, { SANDBOX_PASSWORD: password });
      expect(stores.map((s) => [s.id, s.rate])).toEqual([
        ['s1', 7],
        ['s2', 7],
        ['s3', 7],
      ]);
      for (const store of stores) await login(store);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await exited;
    expect(code).toBe(0);
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
