/**
 * `catalog-sync serve`: the web console (src/console/) until SIGINT/SIGTERM, for the store
 * configured, or with a stores file every store in it (src/deployment.ts follows the file: a store
 * added appears within seconds, a removed one goes). Exit 2 when it cannot start (configuration,
 * token, address in use).
 */
import type { Command } from 'commander';
import type { CliContext } from './context.ts';
import type { ServeFlags } from './run/serve.ts';

export function registerServeCommand(program: Command, ctx: CliContext): void {
  program
    .command('serve')
    .description('run the web console: upload a sheet, dry run, sync, watch it, download the reports')
    .option('--port <n>', 'port to listen on', '8080')
    .option('--host <address>', 'address to listen on (0.0.0.0 only behind a TLS proxy)', '127.0.0.1')
    .option('--sandbox', 'start the built-in sandbox store and sync against it (a rehearsal)')
    .option('--upload-limit <bytes>', 'largest sheet accepted (env CONSOLE_UPLOAD_LIMIT, default 64 MiB)')
    .action(async (flags: ServeFlags) => (await import('./run/serve.ts')).serve(ctx, flags));
}
