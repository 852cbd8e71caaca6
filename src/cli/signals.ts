/**
 * How the long-running commands (worker, watch, sandbox, serve) stop: at the first SIGINT or
 * SIGTERM, and, for the ones whose work waits on Redis, within a bound.
 */

/** After the grace period, how long connections get to close before the process ends without them. */
export const CLOSE_MS = 5_000;

export function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * Whether `work` (a deployment closing) settled within `ms`; a rejection is thrown as it comes.
 * With Redis down its connections would wait for it for ever: the caller then ends the process
 * without them, as nothing they hold is lost (rows are handed back, files stay in processing/).
 */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}
