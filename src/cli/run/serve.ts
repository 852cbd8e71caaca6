/** `serve`: the web console until SIGINT/SIGTERM (see ../serve.ts). */
import { ConsoleMetrics } from '../../console/metrics.ts';
import { openConsole } from '../../console/start.ts';
import { ConsoleTokenError, resolveConsoleToken } from '../../console/token.ts';
import { DEFAULT_UPLOAD_LIMIT_BYTES } from '../../console/uploads.ts';
import { redisServerOf } from '../../redis.ts';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.ts';
import { findProfile } from '../../store-choice.ts';
import { ExitError, type CliContext } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { whole } from '../flags.ts';
import { CLOSE_MS, settlesWithin, untilSignal } from '../signals.ts';

export interface ServeFlags {
  port: string;
  host: string;
  sandbox?: boolean;
  uploadLimit?: string;
}

export async function serve(ctx: CliContext, flags: ServeFlags): Promise<void> {
  const port = whole('--port', flags.port, 0);
  const env = await ctx.env();
  const limitText = flags.uploadLimit ?? env.CONSOLE_UPLOAD_LIMIT;
  const uploadLimitBytes = limitText === undefined ? DEFAULT_UPLOAD_LIMIT_BYTES : whole('--upload-limit', limitText, 1);
  let token;
  try {
    token = resolveConsoleToken(env);
  } catch (error) {
    if (error instanceof ConsoleTokenError)
      throw new ExitError(EXIT.notStarted, `configuration error: ${error.message}`);
    throw error;
  }
  let sandbox: SandboxHandle | undefined;
  if (flags.sandbox) {
    // The configuration is checked before the sandbox starts, as without it.
    await ctx.config();
    sandbox = await startSandbox();
    ctx.printError(`sandbox store on ${sandbox.url} (demo credentials)`);
  }
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
          storeOrder: () => deployment.fileOrder,
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
        // With Redis, its stores within a bound, then the process ends: with Redis down their
        // connections would keep it alive for ever, and a batch on the queue goes on in the
        // workers. Without, a batch running here winds down and writes its report first.
        if (redisServerOf(config)) {
          if (!(await settlesWithin(deployment.close(), CLOSE_MS)))
            ctx.printError('stopped with connections still waiting for Redis: exiting without them');
          ctx.exit(0);
        }
      },
      {
        ...(sandbox
          ? { extra: { storeUrl: sandbox.url, storeEmail: sandbox.email, storePassword: sandbox.password } }
          : {}),
        options: {
          // The rehearsal's store lives as long as this process: so does its ledger (in memory).
          ledger: flags.sandbox === true ? 'memory' : true,
          observeGate: (gate, store) => metrics.observeGate(gate, store),
          onNotificationAttempt: (count) => metrics.countNotification(count),
        },
      },
    );
  } finally {
    await sandbox?.close();
  }
}
