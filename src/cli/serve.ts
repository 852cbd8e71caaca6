/**
 * `catalog-sync serve`: the web console (src/console/) until SIGINT/SIGTERM. Exit 2 when it
 * cannot start (configuration, token, address in use).
 */
import type { Command } from 'commander';
import type { SandboxHandle } from '../sandbox/index.ts';
import { ExitError, type CliContext } from './context.ts';
import { whole } from './flags.ts';
import { untilSignal } from './signals.ts';
import { EXIT } from './exit-codes.ts';

interface ServeFlags {
  port: string;
  host: string;
  sandbox?: boolean;
  uploadLimit?: string;
}

export function registerServeCommand(program: Command, ctx: CliContext): void {
  program
    .command('serve')
    .description('run the web console: upload a sheet, dry run, sync, watch it, download the reports')
    .option('--port <n>', 'port to listen on', '8080')
    .option('--host <address>', 'address to listen on (0.0.0.0 only behind a TLS proxy)', '127.0.0.1')
    .option('--sandbox', 'start the built-in sandbox store and sync against it (a rehearsal)')
    .option('--upload-limit <bytes>', 'largest sheet accepted (env CONSOLE_UPLOAD_LIMIT, default 64 MiB)')
    .action(async (flags: ServeFlags) => serve(ctx, flags));
}

async function serve(ctx: CliContext, flags: ServeFlags): Promise<void> {
  const { resolveConsoleToken, ConsoleTokenError } = await import('../console/token.ts');
  const { DEFAULT_UPLOAD_LIMIT_BYTES } = await import('../console/uploads.ts');
  const port = whole('--port', flags.port, 0);
  const limitText = flags.uploadLimit ?? ctx.io.env.CONSOLE_UPLOAD_LIMIT;
  const uploadLimitBytes = limitText === undefined ? DEFAULT_UPLOAD_LIMIT_BYTES : whole('--upload-limit', limitText, 1);
  let token;
  try {
    token = resolveConsoleToken(ctx.io.env);
  } catch (error) {
    if (error instanceof ConsoleTokenError)
      throw new ExitError(EXIT.notStarted, `configuration error: ${error.message}`);
    throw error;
  }
  let sandbox: SandboxHandle | undefined;
  let config = await ctx.config();
  if (flags.sandbox) {
    const { startSandbox } = await import('../sandbox/index.ts');
    sandbox = await startSandbox();
    config = await ctx.config({ storeUrl: sandbox.url, storeEmail: sandbox.email, storePassword: sandbox.password });
    ctx.printError(`sandbox store on ${sandbox.url} (demo credentials)`);
  }
  const { createApp } = await import('../app.ts');
  const { startConsole } = await import('../console/start.ts');
  const { ConsoleMetrics } = await import('../console/metrics.ts');
  // Made before the app, so the waits at the app's rate gates are timed for /metrics.
  const metrics = new ConsoleMetrics();
  const app = createApp(config, await ctx.logger(config), {
    ledger: flags.sandbox !== true,
    observeGate: (gate, store) => metrics.observeGate(gate, store),
    onNotificationAttempt: (count) => metrics.countNotification(count),
  });
  try {
    const running = await startConsole(app, {
      host: flags.host,
      port,
      token: token.token,
      uploadLimitBytes,
      sandbox: flags.sandbox === true,
      metrics,
    }).catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE' || code === 'EADDRNOTAVAIL' || code === 'EACCES')
        throw new ExitError(
          EXIT.notStarted,
          `cannot listen on ${flags.host}:${port} (${code}); choose another --port or --host`,
        );
      throw error;
    });
    // A random token is known to nobody else: the login URL is how the person gets in (as notebook servers do).
    // Behind a proxy (CONSOLE_URL) the links name the address browsers use.
    const listening = running.publicUrl === running.url ? '' : ` (listening on ${running.url})`;
    ctx.print(
      token.source === 'random'
        ? `console on ${running.publicUrl}/${listening}\nlog in: ${running.publicUrl}/login?token=${token.token}`
        : `console on ${running.publicUrl}/${listening} (log in with ${token.source})`,
    );
    const signal = await untilSignal();
    await running.close();
    ctx.printError(`console stopped (${signal})`);
  } finally {
    await app.close();
    await sandbox?.close();
  }
}
