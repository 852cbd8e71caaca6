/**
 * `catalog-sync sandbox`: runs the sandbox store in the foreground until SIGINT/SIGTERM, and
 * prints what a user needs to point catalog-sync (or any client) at it.
 */
import { Option, type Command } from 'commander';
import type { SandboxOptions } from '../sandbox/index.ts';
import { ExitError, type CliContext } from './context.ts';
import { whole } from './flags.ts';
import { untilSignal } from './signals.ts';
import { EXIT } from './exit-codes.ts';

interface SandboxFlags {
  port: string;
  host: string;
  recordBodies: boolean;
  rateLimit?: string;
  latency?: string;
  tokenTtl?: string;
  productLimit?: string;
  expiresIn: 'absolute' | 'duration';
  taxes: boolean;
  stores?: string;
  storesFileOut?: string;
}

export function registerSandboxCommand(program: Command, ctx: CliContext): void {
  program
    .command('sandbox')
    .description('run the built-in sandbox store on 127.0.0.1 (for rehearsals and tests) until Ctrl-C')
    .option('--port <n>', 'port to listen on (0 = any free port)', '0')
    .option(
      '--host <address>',
      'interface to listen on; 0.0.0.0 only inside a container whose port is published',
      '127.0.0.1',
    )
    .option('--rate-limit <n>', 'answer 429 beyond n requests in any 1-second window')
    .option('--latency <ms>', 'delay before every answer, in milliseconds')
    .option('--token-ttl <s>', 'access token lifetime in seconds (default 3600)')
    .option('--product-limit <n>', 'the store product_limit, enforced by create_product (default 1000000)')
    .addOption(
      new Option('--expires-in <style>', 'expires_in as an absolute Unix time or a duration')
        .choices(['absolute', 'duration'])
        .default('absolute'),
    )
    .option('--no-taxes', 'answer taxes with 404 {"message":"Not found."}')
    .option(
      '--record-bodies',
      'keep request bodies in the request log (GET /__sandbox/requests); off to save memory',
      false,
    )
    .option('--stores <n>', 'serve n stores, each at <url>/s/<n> with its own account, limit and data')
    .option('--stores-file-out <path>', 'with --stores: write their stores file there instead of printing it')
    .action(async (flags: SandboxFlags) => {
      const options = sandboxOptions(flags);
      // Loaded when run, as the sandbox is: `--help` reads neither (nor the settings it imports).
      const { notListening, runSandboxStores } = await import('./sandbox-stores.ts');
      if (flags.stores !== undefined)
        return runSandboxStores(ctx, { ...options, stores: whole('--stores', flags.stores, 1) }, flags.storesFileOut);
      if (flags.storesFileOut !== undefined) throw new ExitError(EXIT.notStarted, '--stores-file-out needs --stores');
      const { startSandbox } = await import('../sandbox/index.ts');
      const sandbox = await startSandbox(options).catch(notListening(options));
      ctx.print(
        [
          `Sandbox store listening on ${sandbox.url}`,
          `  e-mail:   ${sandbox.email}`,
          `  password: ${sandbox.password}`,
          `  control:  ${sandbox.url}/__sandbox/stats (all of them: docs/sandbox.md, "Control API")`,
          '',
          'To point catalog-sync at it, in another shell:',
          `export STORE_URL=${sandbox.url} STORE_EMAIL=${sandbox.email} STORE_PASSWORD=${sandbox.password}`,
          '',
          'Press Ctrl-C to stop.',
        ].join('\n'),
      );
      const signal = await untilSignal();
      await sandbox.close();
      ctx.printError(`sandbox store stopped (${signal})`);
    });
}

function sandboxOptions(flags: SandboxFlags): SandboxOptions {
  const options: SandboxOptions = {
    port: whole('--port', flags.port, 0),
    host: flags.host,
    recordBodies: flags.recordBodies,
    expiresInStyle: flags.expiresIn,
    noTaxes: !flags.taxes,
  };
  if (flags.rateLimit !== undefined) options.rateLimit = { max: whole('--rate-limit', flags.rateLimit, 1) };
  if (flags.latency !== undefined) options.latencyMs = whole('--latency', flags.latency, 0);
  if (flags.tokenTtl !== undefined) options.tokenTtlSeconds = whole('--token-ttl', flags.tokenTtl, 1);
  if (flags.productLimit !== undefined) options.productLimit = whole('--product-limit', flags.productLimit, 0);
  return options;
}
