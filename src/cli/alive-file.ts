/**
 * `watch --alive-file <path>`: the file is written again every few seconds while the command
 * runs, so a container health check can tell a live watcher from a dead or stuck one by the
 * file's age alone (docker-compose.yml: older than 30 s is unhealthy). A watcher has no port of
 * its own to ask. Removed when the command ends; a later write that fails leaves the file to age.
 */
import { rm, writeFile } from 'node:fs/promises';
import { ExitError } from './context.ts';
import { EXIT } from './exit-codes.ts';

export const ALIVE_EVERY_MS = 5_000;

export interface AliveFile {
  stop(): Promise<void>;
}

export async function keepAlive(path: string, everyMs = ALIVE_EVERY_MS): Promise<AliveFile> {
  const write = () => writeFile(path, `${process.pid}\n`);
  try {
    await write();
  } catch (error) {
    throw new ExitError(
      EXIT.notStarted,
      `--alive-file: cannot write ${path} (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  const timer = setInterval(() => void write().catch(() => undefined), everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await rm(path, { force: true });
    },
  };
}
