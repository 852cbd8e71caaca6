/**
 * `catalog-sync serve`: the web console (src/console/) until SIGINT/SIGTERM, for the store
 * configured, or with a stores file every store in it (src/deployment.ts follows the file: a store
 * added appears within seconds, a removed one goes). Exit 2 when it cannot start (configuration,
 * token, address in use).
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
  if (flags.sandbox) {
    // The configuration is checked before the sandbox starts, as without it.
    await ctx.config();
    const { startSandbox } = await import('../sandbox/index.ts');
    sandbox = await startSandbox();
    ctx.printError(`sandbox store on ${sandbox.url} (demo credentials)`);
  }
  const { openConsole } = await import('../console/start.ts');
  const { ConsoleMetrics } = await import('../console/metrics.ts');
  const { findProfile } = await import('../store-choice.ts');
  // Made before the apps, so the waits at their rate gates are timed for /metrics.
  const metrics = new ConsoleMetrics();
  try {
    await ctx.withDeployment(
      async (deployment, config, logger) => {
        // A stores file and no --store: every store of the file, followed while the console runs.
        const many = config.storesOnOffer !== undefined;
        // One store picked from the file (--store): its own console token opens it too.
        const file = many ? null : await ctx.stores();
        const picked = file && config.storeId ? (findProfile(file, config.storeId) ?? null) : null;
        const opened = await openConsole({
          config,
          logger,
          host: flags.host,
          port,
          token: token.token,
          uploadLimitBytes,
          many,
          sandbox: flags.sandbox === true,
          metrics,
        });
        try {
          await deployment.serve({ start: (app, profile) => opened.serveStore(app, profile ?? picked) });
          const running = await opened.listen().catch((error: unknown) => {
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
          const stores = many ? `, for the stores of ${config.storesOnOffer!.file}` : '';
          ctx.print(
            token.source === 'random'
              ? `console on ${running.publicUrl}/${listening}${stores}\nlog in: ${running.publicUrl}/login?token=${token.token}`
              : `console on ${running.publicUrl}/${listening}${stores} (log in with ${token.source})`,
          );
          const signal = await untilSignal();
          await opened.close();
          ctx.printError(`console stopped (${signal})`);
        } finally {
          // The server first (no request meets a store stopping), then every store (withDeployment).
          await opened.close();
        }
      },
      {
        ...(sandbox
          ? { extra: { storeUrl: sandbox.url, storeEmail: sandbox.email, storePassword: sandbox.password } }
          : {}),
        options: {
          ledger: flags.sandbox !== true,
          observeGate: (gate, store) => metrics.observeGate(gate, store),
          onNotificationAttempt: (count) => metrics.countNotification(count),
        },
      },
    );
  } finally {
    await sandbox?.close();
  }
}
