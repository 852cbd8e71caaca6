/**
 * A terminal that helps: `--version`, a `.env` in the working directory (the environment and
 * flags still win; none is fine; a bad one is a clear exit 2), and how log lines look (pretty on
 * a terminal, JSON otherwise). The real CLI in child processes against the real sandbox.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstMalformedLine } from '../../src/cli/env-file.ts';
import { logFormat } from '../../src/log.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';

const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/catalog-sync.js');

let sandbox: SandboxHandle;
let dir: string;
beforeEach(async () => {
  sandbox = await startSandbox();
  dir = await mkdtemp(join(tmpdir(), 'terminal-'));
});
afterEach(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

async function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', XDG_STATE_HOME: join(dir, 'state'), LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
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
      join(dir, '.env'),
      [
        '# the sandbox, but two settings given wrong here and right elsewhere',
        'STORE_URL=http://127.0.0.1:9',
        'STORE_EMAIL="wrong@example.com"',
        `export STORE_PASSWORD='${sandbox.password}'`,
        '',
      ].join('\n'),
    );
    const run = await cli(['--store-url', sandbox.url, 'categories', '--json'], { STORE_EMAIL: sandbox.email });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(Array.isArray(JSON.parse(run.out))).toBe(true);
  });

  it('runs without a .env', async () => {
    const run = await cli(['categories', '--json'], {
      STORE_URL: sandbox.url,
      STORE_EMAIL: sandbox.email,
      STORE_PASSWORD: sandbox.password,
    });
    expect(run.code).toBe(0);
  });

  it('a malformed .env is one clear message and exit 2, without the line itself', async () => {
    await writeFile(join(dir, '.env'), `STORE_URL=${sandbox.url}\nSTORE_PASSWORD ${sandbox.password}\n`);
    const run = await cli(['categories', '--json'], { STORE_EMAIL: sandbox.email });
    expect(run.code).toBe(2);
    expect(run.err).toContain('configuration error: .env: line 2 of');
    expect(run.err).toContain('is not NAME=value');
    expect(run.err + run.out).not.toContain(sandbox.password);
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
