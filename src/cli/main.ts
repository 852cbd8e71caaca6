/**
 * Builds the program and maps failures to exit codes: 2 for anything that stops a run from
 * starting (configuration, unreadable file, wrong credentials), 1 for a run with problem rows.
 */
import { Command, CommanderError } from 'commander';
import { CliContext, ExitError, type CliIO } from './context.ts';
import { registerCommands } from './commands.ts';

export function buildProgram(io: CliIO): { program: Command; ctx: CliContext } {
  const program = new Command('catalog-sync')
    .description('Sync CSV/XLSX product sheets to the vendor store API, with per-row reports.')
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
    return await exitCodeFor(error, ctx);
  }
}

async function exitCodeFor(error: unknown, ctx: CliContext): Promise<number> {
  if (error instanceof CommanderError) {
    return error.exitCode === 0 ? 0 : 2;
  }
  if (error instanceof ExitError) {
    if (error.message) ctx.printError(error.message);
    return error.exitCode;
  }
  // Loaded here, not at start (`--help` needs none of them); a command that threw one has it already.
  const [{ ConfigError }, { SheetFileError }, { StoreError }] = await Promise.all([
    import('../config.ts'),
    import('../sheet/types.ts'),
    import('../store/errors.ts'),
  ]);
  if (error instanceof ConfigError) {
    ctx.printError(`configuration error: ${error.message}`);
    return 2;
  }
  if (error instanceof SheetFileError) {
    ctx.printError(`cannot read sheet: ${error.message}`);
    return 2;
  }
  if (error instanceof StoreError) {
    const status = error.httpStatus ? ` (HTTP ${error.httpStatus})` : '';
    ctx.printError(`store error ${error.code}${status}: ${error.message}`);
    return 2;
  }
  ctx.printError(`unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return 70;
}
