import { writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.ts';
import { withSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { useTempDir } from '../helpers/use-world.ts';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}

async function run(args: string[], env: Record<string, string | undefined>) {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await runCli(args, { stdout, stderr, env: { LOG_LEVEL: 'silent', ...env } });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const envFor = (sandbox: SandboxHandle) => ({
  STORE_URL: sandbox.url,
  STORE_EMAIL: sandbox.email,
  STORE_PASSWORD: sandbox.password,
});

const tmp = useTempDir('cli-lists');

describe('catalog-sync categories | taxes | vouchers', () => {
  it('prints a table by default', async () => {
    await withSandbox({}, async (sandbox) => {
      const { code, stdout } = await run(['categories'], envFor(sandbox));
      expect(code).toBe(0);
      const lines = stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^ID\s+NAME\s+NAME \(AR\)\s+PRODUCTS\s+IMAGE$/);
      expect(lines[1]).toMatch(/^-+\s+-+/);
      expect(lines).toHaveLength(2 + 6);
      expect(lines[2]).toMatch(/^1\s+Electronics\s+إلكترونيات\s+0\s+https:/);
    });
  });

  it('prints CSV with a header row', async () => {
    await withSandbox({}, async (sandbox) => {
      const { code, stdout } = await run(['vouchers', '--csv'], envFor(sandbox));
      expect(code).toBe(0);
      const rows = parse<Record<string, string>>(stdout, { columns: true });
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatchObject({
        coupon_id: '12',
        code: 'FIVEOFF',
        discount_type: 'amount',
        discount_value: '5',
        shipping_free: '1',
        minimum_order_amount: '20',
      });
    });
  });

  it('prints the list itself as JSON', async () => {
    await withSandbox({}, async (sandbox) => {
      const { code, stdout } = await run(['taxes', '--json'], envFor(sandbox));
      expect(code).toBe(0);
      const taxes = JSON.parse(stdout) as unknown;
      expect(Array.isArray(taxes)).toBe(true);
      expect(taxes).toEqual([
        { country_id: '1', country_name: 'Kuwait', country_name_ar: 'الكويت', tax: 0 },
        { country_id: '2', country_name: 'Saudi Arabia', country_name_ar: 'السعودية', tax: 15 },
        { country_id: '3', country_name: 'United Arab Emirates', country_name_ar: 'الإمارات', tax: 5 },
      ]);
    });
  });

  it('prints an empty tax list in every format', async () => {
    await withSandbox({ noTaxes: true }, async (sandbox) => {
      expect((await run(['taxes', '--json'], envFor(sandbox))).stdout.trim()).toBe('[]');
      expect((await run(['taxes', '--csv'], envFor(sandbox))).stdout.trim()).toBe(
        'country_id,country_name,country_name_ar,tax',
      );
      expect((await run(['taxes'], envFor(sandbox))).stdout.trim()).toBe('(no taxes)');
    });
  });

  it('exits 2 naming STORE_URL when it is missing', async () => {
    const { code, stdout, stderr } = await run(['categories'], { STORE_EMAIL: 'a@b.c', STORE_PASSWORD: 'p' });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('STORE_URL');
  });

  it('exits 2 for wrong credentials, without echoing the password', async () => {
    await withSandbox({}, async (sandbox) => {
      const { code, stdout, stderr } = await run(['vouchers'], {
        ...envFor(sandbox),
        STORE_PASSWORD: 'not-the-password',
      });
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain('INVALID_CREDENTIALS');
      expect(stderr).not.toContain('not-the-password');
    });
  });

  it('a refused login names the store, the account and the settings to check, never the password', async () => {
    await withSandbox({}, async (sandbox) => {
      const wrong = await run(['categories'], { ...envFor(sandbox), STORE_PASSWORD: 'not-the-password' });
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain(
        `The store at ${sandbox.url} refused the login of ${sandbox.email}: check STORE_EMAIL and STORE_PASSWORD`,
      );
      const file = join(tmp.dir, 'store_password');
      await writeFile(file, 'not-the-password\n');
      const env = { ...envFor(sandbox), STORE_PASSWORD: undefined, STORE_PASSWORD_FILE: file };
      const fromFile = await run(['categories', '--json'], env);
      expect(fromFile.code).toBe(2);
      expect(fromFile.stderr).toContain(`check STORE_EMAIL and STORE_PASSWORD_FILE (${file})`);
      expect(JSON.parse(fromFile.stdout)).toMatchObject({
        error: { exitCode: 2, kind: 'store', code: 'INVALID_CREDENTIALS' },
      });
      expect(fromFile.stderr + fromFile.stdout).not.toContain('not-the-password');
    });
  });

  it('a store that cannot be reached names its URL and STORE_URL', async () => {
    // A port nothing listens on: the connection is refused.
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    server.close();
    await once(server, 'close');
    const url = `http://127.0.0.1:${port}`;
    const { code, stderr } = await run(['categories'], { STORE_URL: url, STORE_EMAIL: 'a@b.c', STORE_PASSWORD: 'p' });
    expect(code).toBe(2);
    expect(stderr).toContain('NOT_SENT');
    expect(stderr).toContain(`The store at ${url} could not be reached: check STORE_URL`);
  });

  it('refuses --csv together with --json', async () => {
    await withSandbox({}, async (sandbox) => {
      const { code, stderr } = await run(['vouchers', '--csv', '--json'], envFor(sandbox));
      expect(code).toBe(2);
      expect(stderr).toContain('--csv');
    });
  });
});
