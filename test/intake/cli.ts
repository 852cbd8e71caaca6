/** Runs the real CLI in this process with its own environment and captured output. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { expect } from 'vitest';
import { runCli } from '../../src/cli/main.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
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

/** `validate <file> --json`, reports in `reportDir`, refusing the file (exit 2): the error it printed. */
export async function validateError(file: string, reportDir: string): Promise<Record<string, unknown>> {
  const run = await cli(['--report-dir', reportDir, 'validate', file, '--json'], {});
  expect(run.code, run.stderr).toBe(2);
  return (JSON.parse(run.stdout) as { error: Record<string, unknown> }).error;
}

/** `validate` and `import --sandbox` of `file`, reports in `reportDir`, each refusing it (exit 2): what each said. */
export async function refusals(file: string, reportDir: string): Promise<string[]> {
  const said: string[] = [];
  for (const command of [
    ['validate', file],
    ['import', file, '--sandbox'],
  ]) {
    const run = await cli(['--report-dir', reportDir, ...command], {});
    expect(run.code, run.stderr).toBe(2);
    said.push(run.stderr);
  }
  return said;
}

/** The batch summary a `--json` run printed. */
export function summaryOf(run: CliRun): BatchSummary {
  return JSON.parse(run.stdout) as BatchSummary;
}

/** An import some of whose rows did not get through: its batch, and the failed.csv it wrote. */
export interface FailedImport {
  batch: BatchSummary;
  failedCsv: string;
}

export interface SandboxCli {
  readonly dir: string;
  readonly sandbox: SandboxHandle;
  /** The store, reports and a file ledger in the temp folder; rows one at a time. */
  readonly env: Record<string, string>;
  /** The barcodes of the store's products, sorted: a product created twice shows twice. */
  barcodes(): string[];
  /** The bodies of the create calls the store received since its stats were reset, in order. */
  createBodies(): Record<string, unknown>[];
  /**
   * Imports `new.csv`, these rows under the header `title,sale_price,category,barcode`, with
   * `--json` (`more` settings over `env`), expecting exit 1: some rows did not get through.
   */
  importWithFailures(rows: readonly string[], more?: Record<string, string>): Promise<FailedImport>;
}

/** One base world (a sandbox store and temp folder) for the whole file (beforeAll / afterAll). */
export function useSandboxCli(name: string): SandboxCli {
  const world = useSandboxWorld(name, { once: true });
  const env = (): Record<string, string> => ({
    ...world.storeEnv,
    REPORT_DIR: join(world.dir, 'reports'),
    LEDGER_FILE: join(world.dir, 'ledger', 'ledger.jsonl'),
    RATE: '1000',
    CONCURRENCY: '1',
  });
  return {
    get dir() {
      return world.dir;
    },
    get sandbox() {
      return world.sandbox;
    },
    get env() {
      return env();
    },
    barcodes: () =>
      world.sandbox
        .products()
        .map((p) => String(p.fields.barcode))
        .sort(),
    createBodies: () =>
      world.sandbox
        .requests()
        .filter((r) => r.path === '/v1/create_product')
        .map((r) => r.body as Record<string, unknown>),
    importWithFailures: async (rows, more = {}) => {
      const sheet = join(world.dir, 'new.csv');
      await writeFile(sheet, ['title,sale_price,category,barcode', ...rows, ''].join('\n'));
      const run = await cli(['import', sheet, '--json'], { ...env(), ...more });
      expect(run.code, run.stderr).toBe(1);
      const batch = summaryOf(run);
      return { batch, failedCsv: join(batch.reportDir, 'failed.csv') };
    },
  };
}
