/**
 * Builds the program and maps failures to exit codes: 2 for anything that stops a run from
 * starting (configuration, unreadable file, wrong credentials), 1 for a run with problem rows.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { CliContext, ExitError, type CliIO } from './context.ts';
import { registerCommands } from './commands.ts';

/** package.json sits two folders up from src/cli/ and from dist/cli/ alike. */
function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
}

export function buildProgram(io: CliIO): { program: Command; ctx: CliContext } {
  const program = new Command('catalog-sync')
    .description('Sync CSV/XLSX product sheets to the vendor store API, with per-row reports.')
    .version(packageVersion(), '--version', 'print the version and exit')
    .option('--store <id>', 'the store of the stores file to act on (env STORE)')
    .option('--stores-file <path>', 'the stores file (env STORES_FILE, default ./stores.yaml when it exists)')
    .option('--store-url <url>', 'store base URL (env STORE_URL); /v1/... is appended')
    .option('--store-email <email>', 'vendor account e-mail (env STORE_EMAIL)')
    .option('--password-file <path>', 'file holding the vendor password (env STORE_PASSWORD or STORE_PASSWORD_FILE)')
    .option('--redis-url <url>', 'Redis for the shared queue, rate limit and ledger (env REDIS_URL)')
    .option('--rate <n>', 'requests per second to the store, all workers together (env RATE, default 5)')
    .option('--concurrency <n>', 'requests in flight per process (env CONCURRENCY, default 4)')
    .option('--report-dir <dir>', 'where batch reports go (env REPORT_DIR, default ./reports)')
    .option('--queue-prefix <prefix>', 'BullMQ/Redis key prefix (env QUEUE_PREFIX, default catalog-sync)')
    .option('--log-level <level>', 'fatal|error|warn|info|debug|trace|silent (env LOG_LEVEL)')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    });
  const ctx = new CliContext(program, io);
  registerCommands(program, ctx);
  return { program, ctx };
}

export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const { program, ctx } = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    const failure = await failureOf(error);
    if (failure === null) return 0;
    if (failure.message && !failure.told) ctx.printError(failure.detail ?? failure.message);
    // --json promises one JSON document on stdout, whatever happens: the error is that document.
    if (asksJson(argv) && !ctx.printedOut) {
      const { exitCode, kind, message, code } = failure;
      ctx.print(JSON.stringify({ error: { exitCode, kind, ...(code ? { code } : {}), message } }, null, 2));
    }
    return failure.exitCode;
  }
}

/** --json among the arguments, before any `--` (after it, `--json` would be a file name). */
function asksJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).includes('--json');
}

interface Failure {
  exitCode: number;
  /** What kind of failure: `usage`, `configuration`, `sheet`, `store`, `command`, `unexpected`. */
  kind: string;
  /** A stable code, when the error has one (a sheet's or the store's). */
  code?: string;
  /** One line for the user (and the --json error). */
  message: string;
  /** What stderr shows instead of message, when more (a bug's stack). */
  detail?: string;
  /** stderr has the message already (commander prints its own). */
  told?: boolean;
}

/** The exit code and words for a command that threw; null when it only ended (--help, --version). */
async function failureOf(error: unknown): Promise<Failure | null> {
  if (error instanceof CommanderError) {
    // Commander has printed its own message on stderr already.
    if (error.exitCode === 0) return null;
    return { exitCode: 2, kind: 'usage', code: error.code, message: error.message, told: true };
  }
  if (error instanceof ExitError) return { exitCode: error.exitCode, kind: 'command', message: error.message };
  // Loaded here, not at start (`--help` needs none of them); a command that threw one has it already.
  const [{ ConfigError }, { SheetFileError }, { StoreError }, { NoWorkerError }] = await Promise.all([
    import('../config.ts'),
    import('../sheet/types.ts'),
    import('../store/errors.ts'),
    import('../sync/queue/no-worker.ts'),
  ]);
  if (error instanceof NoWorkerError)
    return { exitCode: 2, kind: 'command', code: 'no_worker', message: error.message };
  if (error instanceof ConfigError)
    return { exitCode: 2, kind: 'configuration', message: `configuration error: ${error.message}` };
  if (error instanceof SheetFileError)
    return { exitCode: 2, kind: 'sheet', code: error.code, message: `cannot read sheet: ${error.message}` };
  if (error instanceof StoreError) {
    const status = error.httpStatus ? ` (HTTP ${error.httpStatus})` : '';
    return {
      exitCode: 2,
      kind: 'store',
      code: error.code,
      message: `store error ${error.code}${status}: ${error.message}`,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  return {
    exitCode: 70,
    kind: 'unexpected',
    message: `unexpected error: ${message}`,
    ...(stack ? { detail: `unexpected error: ${stack}` } : {}),
  };
}
