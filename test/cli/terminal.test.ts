/**
 * A terminal that helps: `--version`, a `.env` in the working directory (the environment and
 * flags still win; none is fine; a bad one is a clear exit 2), and how log lines look (pretty on
 * a terminal, JSON otherwise). The real CLI in child processes against the real sandbox.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstMalformedLine } from '../../src/cli/env-file.ts';
import { logFormat } from '../../src/log.ts';
import { useSandboxWorld } from '../helpers/use-world.ts';
import { childRun } from '../helpers/child-run.ts';

const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/catalog-sync.js');

const world = useSandboxWorld('terminal');

async function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: world.dir,
    env: { PATH: process.env.PATH ?? '', XDG_STATE_HOME: join(world.dir, 'state'), LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { code, stdout: out, stderr: err } = await childRun(child);
  return { code, out, err };
}

describe('the terminal', () => {
  it('--version prints the version of package.json', async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const run = await cli(['--version']);
    expect(run.code).toBe(0);
    expect(run.out.trim()).toBe(version);
  });

  it('reads .env from the working directory; the environment and flags win over it', async () => {
    await writeFile(
      join(world.dir, '.env'),
      [
        '# the sandbox, but two settings given wrong here and right elsewhere',
        'STORE_URL=http://127.0.0.1:9',
        'STORE_EMAIL="wrong@example.com"',
        `export STORE_PASSWORD='${world.sandbox.password}'`,
        '',
      ].join('\n'),
    );
    const run = await cli(['--store-url', world.sandbox.url, 'categories', '--json'], {
      STORE_EMAIL: world.sandbox.email,
    });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(Array.isArray(JSON.parse(run.out))).toBe(true);
  });

  it('runs without a .env', async () => {
    const run = await cli(['categories', '--json'], {
      STORE_URL: world.sandbox.url,
      STORE_EMAIL: world.sandbox.email,
      STORE_PASSWORD: world.sandbox.password,
    });
    expect(run.code).toBe(0);
  });

  it('a malformed .env is one clear message and exit 2, without the line itself', async () => {
    await writeFile(
      join(world.dir, '.env'),
      `STORE_URL=${world.sandbox.url}\nSTORE_PASSWORD ${world.sandbox.password}\n`,
    );
    const run = await cli(['categories', '--json'], { STORE_EMAIL: world.sandbox.email });
    expect(run.code).toBe(2);
    expect(run.err).toContain('configuration error: .env: line 2 of');
    expect(run.err).toContain('is not NAME=value');
    expect(run.err + run.out).not.toContain(world.sandbox.password);
    expect((JSON.parse(run.out) as { error: { kind: string } }).error.kind).toBe('configuration');
  });
});

describe('.env lines', () => {
  it('accepts blanks, comments, export, quotes and values over several lines; names the first bad line', () => {
    expect(firstMalformedLine('# c\n\nA=1\nexport B = "x y"\nC="one\ntwo"\nD=\'\'\n')).toBeNull();
    expect(firstMalformedLine('A=1\nB 2\nC=3\n')).toBe(2);
    expect(firstMalformedLine('A=1\r\n=2\r\n')).toBe(2);
    expect(firstMalformedLine('A="open\nstill open\n"\nnot a line\n')).toBe(4);
  });
});

describe('log format', () => {
  it('pretty on a terminal, JSON otherwise; LOG_FORMAT decides when given', () => {
    expect(logFormat({ isTTY: true }, undefined)).toBe('pretty');
    expect(logFormat({ isTTY: false }, undefined)).toBe('json');
    expect(logFormat({}, undefined)).toBe('json');
    expect(logFormat({ isTTY: true }, 'json')).toBe('json');
    expect(logFormat({ isTTY: false }, 'pretty')).toBe('pretty');
  });
});
