/**
 * What the CLI prints when its reader goes away or it cannot start, through the real entry
 * (bin/catalog-sync.js in a child process): a closed pipe (`| head`) ends quietly, and --json
 * prints exactly one JSON document on stdout, an error too.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../helpers/use-world.ts';

const BIN = fileURLToPath(new URL('../../bin/catalog-sync.js', import.meta.url));

const tmp = useTempDir('cli-output', { once: true });

let sheet: string;
beforeAll(async () => {
  sheet = join(tmp.dir, 'many-bad.csv');
  // Every row invalid: `validate --json` prints every issue, far more than a pipe buffers.
  const rows = Array.from({ length: 20_000 }, (_, i) => `T${i},abc,1`);
  await writeFile(sheet, ['title,sale_price,category', ...rows].join('\n') + '\n');
});

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI with a clean environment; `headBytes`: like `| head -c N`, stop reading after N bytes and close the pipe. */
async function run(args: string[], env: Record<string, string> = {}, headBytes?: number): Promise<Ran> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: tmp.dir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', REPORT_DIR: join(tmp.dir, 'reports'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (headBytes !== undefined && stdout.length >= headBytes) child.stdout.destroy();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

describe('the CLI on a closed pipe', () => {
  it('`validate --json | head` ends quietly with its own exit code', async () => {
    const ran = await run(['validate', sheet, '--json'], {}, 100);
    expect(ran.stdout.length).toBeGreaterThanOrEqual(100);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(1); // the sheet has invalid rows: the command's own answer
  });
});

describe('--json', () => {
  function oneError(ran: Ran): { exitCode: number; kind: string; code?: string; message: string } {
    const doc = JSON.parse(ran.stdout) as { error: { exitCode: number; kind: string; code?: string; message: string } };
    expect(Object.keys(doc)).toEqual(['error']);
    return doc.error;
  }

  it('prints the configuration error as one JSON object, exit 2', async () => {
    const ran = await run(['categories', '--json'], { STORE_URL: 'http://shop.example' });
    expect(ran.code).toBe(2);
    const error = oneError(ran);
    expect(error).toMatchObject({ exitCode: 2, kind: 'configuration' });
    expect(error.message).toContain('STORE_URL: must use https');
    expect(ran.stderr).toContain('configuration error: STORE_URL');
  });

  it('prints an unreadable sheet and a wrong flag as one JSON object each, exit 2', async () => {
    const missing = await run(['validate', join(tmp.dir, 'nope.csv'), '--json']);
    expect(missing.code).toBe(2);
    expect(oneError(missing)).toMatchObject({ kind: 'sheet', code: 'unreadable_file' });
    const usage = await run(['validate', sheet, '--json', '--no-such-flag']);
    expect(usage.code).toBe(2);
    expect(oneError(usage)).toMatchObject({ kind: 'usage', message: "error: unknown option '--no-such-flag'" });
  });

  it('a command that ran prints its own document and no error object', async () => {
    const ran = await run(['validate', sheet, '--json']);
    expect(ran.code).toBe(1);
    const doc = JSON.parse(ran.stdout) as { valid: boolean; error?: unknown };
    expect(doc.valid).toBe(false);
    expect(doc.error).toBeUndefined();
  });
});
