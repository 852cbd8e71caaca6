/**
 * Builds the program, runs a command and ends with its exit code: which failure is which code is
 * exit-codes.ts (0 done, 1 problem rows, 2 could not start, 70 a bug).
 */
import { readFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { nameLockHolder } from '../files/pid-lock.ts';
import { CliContext, type CliIO } from './context.ts';
import { registerCommands } from './commands.ts';
import { EXIT, failureOf } from './exit-codes.ts';

/** package.json sits two folders up from src/cli/ and from dist/cli/ alike. */
function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
}

/** `ledger show`, `serve`: the command's words below the program's. */
function commandPath(command: Command): string {
  const words: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) words.unshift(at.name());
  return words.join(' ');
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
    .addOption(
      new Option(
        '--lang <lang>',
        'en|ar: the language of row messages and reports (default: ar when LANG/LC_ALL is Arabic, else en)',
      ).choices(['en', 'ar']),
    )
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    });
  const ctx = new CliContext(program, io);
  registerCommands(program, ctx);
  // The locks this process takes name its command: another process refused one says which holds it.
  program.hook('preAction', (_program, action) => nameLockHolder(commandPath(action)));
  return { program, ctx };
}

export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const { program, ctx } = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    const failure = await failureOf(error, () => ctx.storeSetup(), ctx.lang());
    if (failure === null) return EXIT.ok;
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
