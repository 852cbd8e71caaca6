/** Runs the real CLI in this process with its own environment and captured output. */
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { runCli } from '../../src/cli/main.ts';
import type { SandboxHandle } from '../../src/sandbox/index.ts';
import { startSandboxWorld, type SandboxWorld } from '../helpers/base-world.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Streams that play a terminal: stdin and stderr say they are one. */
export interface Terminal {
  stdin: PassThrough & { isTTY: boolean };
  stderr: PassThrough & { isTTY: boolean };
}

/** A terminal on which the person types `answer` when asked `[y/N]`. */
export function terminalAnswering(answer: string): Terminal {
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  const stderr = Object.assign(new PassThrough(), { isTTY: true });
  stderr.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('[y/N]')) stdin.write(`${answer}\n`);
  });
  return { stdin, stderr };
}

function sink(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

export async function cli(args: string[], env: Record<string, string>, terminal?: Terminal): Promise<CliRun> {
  const out = sink();
  let err = '';
  const stderr = terminal?.stderr ?? new PassThrough();
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const before = process.exitCode;
  process.exitCode = undefined;
  try {
    const code = await runCli(args, {
      stdout: out.stream,
      stderr,
      env: { LOG_LEVEL: 'silent', ...env },
      ...(terminal ? { stdin: terminal.stdin } : {}),
    });
    return { code, stdout: out.text(), stderr: err };
  } finally {
    process.exitCode = before;
  }
}

export interface SandboxCli {
  readonly dir: string;
  readonly sandbox: SandboxHandle;
  /** The store, reports and a file ledger in the temp folder; rows one at a time. */
  readonly env: Record<string, string>;
  /** The barcodes of the store's products, sorted: a product created twice shows twice. */
  barcodes(): string[];
}

/** One base world (a sandbox store and temp folder) for the whole file (beforeAll / afterAll). */
export function useSandboxCli(name: string): SandboxCli {
  let world: SandboxWorld | undefined;
  beforeAll(async () => {
    world = await startSandboxWorld({ name });
  });
  afterAll(async () => {
    await world?.close();
  });
  const started = (): SandboxWorld => {
    if (!world) throw new Error('the sandbox starts before the tests');
    return world;
  };
  const self: SandboxCli = {
    get dir() {
      return started().dir;
    },
    get sandbox() {
      return started().sandbox;
    },
    get env() {
      const { url, email, password } = self.sandbox;
      return {
        STORE_URL: url,
        STORE_EMAIL: email,
        STORE_PASSWORD: password,
        REPORT_DIR: join(self.dir, 'reports'),
        LEDGER_FILE: join(self.dir, 'ledger', 'ledger.jsonl'),
        RATE: '1000',
        CONCURRENCY: '1',
      };
    },
    barcodes: () =>
      self.sandbox
        .products()
        .map((p) => String(p.fields.barcode))
        .sort(),
  };
  return self;
}
