/**
 * `catalog-sync sandbox --stores N`: many sandbox stores from one process and one port, each at its
 * own prefix, until SIGINT/SIGTERM; prints their stores file (or writes it, --stores-file-out) for
 * the deployment that serves them.
 */
import { writeFile } from 'node:fs/promises';
import type { SandboxOptions, SandboxStoresOptions } from '../sandbox/index.ts';
import { DEFAULT_STORES_FILE } from '../stores-file.ts';
import { ExitError, type CliContext } from './context.ts';
import { EXIT } from './exit-codes.ts';
import { untilSignal } from './signals.ts';

/** The stores file's password variable: every store logs in with the sandbox's one password. */
const PASSWORD_ENV = 'SANDBOX_PASSWORD';

export async function runSandboxStores(
  ctx: CliContext,
  options: SandboxStoresOptions,
  storesFileOut: string | undefined,
): Promise<void> {
  const { sandboxStoresFile, startSandboxStores } = await import('../sandbox/index.ts');
  const sandbox = await startSandboxStores(options).catch(notListening(options));
  const first = sandbox.stores[0]!;
  const last = sandbox.stores.at(-1)!;
  const file = sandboxStoresFile(sandbox, PASSWORD_ENV, options.rateLimit?.max);
  if (storesFileOut !== undefined) await writeFile(storesFileOut, file);
  ctx.print(
    [
      `Sandbox stores listening on ${sandbox.url}`,
      `  stores:   ${sandbox.stores.length}, at ${first.url} to ${last.url}`,
      `  e-mail:   ${first.email} to ${last.email}`,
      `  password: ${first.password} (every store)`,
      `  control:  ${first.url}/__sandbox/stats for store 1 (all of them: docs/sandbox.md, "Control API")`,
      '',
      storesFileOut !== undefined ? `Stores file written to ${storesFileOut}; to serve it:` : 'Stores file:',
      ...(storesFileOut !== undefined ? [] : [file, `Save it as ${DEFAULT_STORES_FILE}, then:`]),
      `export STORES_FILE=${storesFileOut ?? DEFAULT_STORES_FILE} ${PASSWORD_ENV}=${first.password}`,
      '',
      'Press Ctrl-C to stop.',
    ].join('\n'),
  );
  const signal = await untilSignal();
  await sandbox.close();
  ctx.printError(`sandbox stores stopped (${signal})`);
}

/** A port or address that cannot be listened on exits 2 naming the flags to change. */
export function notListening(options: SandboxOptions): (error: unknown) => never {
  return (error) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EADDRNOTAVAIL' || code === 'EACCES') {
      throw new ExitError(
        EXIT.notStarted,
        `cannot listen on ${options.host}:${options.port} (${code}); choose another --port or --host`,
      );
    }
    throw error;
  };
}
