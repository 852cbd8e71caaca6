/** Runs the real CLI in this process with its own environment and captured output. */
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { runCli } from '../../src/cli/main.ts';
import type { SandboxHandle } from '../../src/sandbox/index.ts';
import { useSandboxWorld } from '../helpers/use-world.ts';

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
  const world = useSandboxWorld(name, { once: true });
  return {
    get dir() {
      return world.dir;
    },
    get sandbox() {
      return world.sandbox;
    },
    get env() {
      return {
        ...world.storeEnv,
        REPORT_DIR: join(world.dir, 'reports'),
        LEDGER_FILE: join(world.dir, 'ledger', 'ledger.jsonl'),
        RATE: '1000',
        CONCURRENCY: '1',
      };
    },
    barcodes: () =>
      world.sandbox
        .products()
        .map((p) => String(p.fields.barcode))
        .sort(),
  };
}
