/**
 * The fidelity suite (issue 11): workbooks written by independent writers (test/fixtures/fidelity,
 * see make-fixtures.py there), checked by what a user sees: validate's output and exit code, and
 * the payloads the sandbox store received from import.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/main.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/fidelity/', import.meta.url));

export function fixture(name: string): string {
  return `${FIXTURES}${name}`;
}

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export async function cli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await runCli(args, { stdout, stderr, env: { LOG_LEVEL: 'silent', ...env } });
  return { code, out, err };
}

/** A throwaway folder for reports and the ledger. */
export async function scratch(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'fidelity-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface Store {
  sandbox: SandboxHandle;
  env: Record<string, string>;
  /**
   * The bodies of the store calls made to `path` (e.g. /v1/update_product), by product_id: rows go
   * out several at a time, so the order they reach the store in is not the sheet's.
   */
  bodies(path: string): unknown[];
  close(): Promise<void>;
}

/** A sandbox store holding products 1001..1000+count, as the fixtures' update rows expect. */
export async function storeWithProducts(count: number, dir: string): Promise<Store> {
  const sandbox = await startSandbox();
  for (let i = 0; i < count; i += 1) sandbox.seedProduct({ title: `Product ${i + 1}`, sale_price: 1 });
  return {
    sandbox,
    env: {
      STORE_URL: sandbox.url,
      STORE_EMAIL: sandbox.email,
      STORE_PASSWORD: sandbox.password,
      LEDGER_FILE: join(dir, 'ledger', 'ledger.jsonl'),
    },
    bodies: (path) =>
      sandbox
        .requests()
        .filter((r) => r.path === path)
        .map((r) => r.body)
        .sort((a, b) => productId(a) - productId(b)),
    close: () => sandbox.close(),
  };
}

function productId(body: unknown): number {
  const id = (body as { product_id?: unknown } | null)?.product_id;
  return typeof id === 'number' ? id : 0;
}
