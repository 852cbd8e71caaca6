/**
 * Polls a real condition (a sandbox count, a Redis hash, a child's output) that has no event to
 * wait on, until it holds or the deadline passes. The deadline is a safety net, not a timing: it
 * fails the test with a message instead of letting the test's own timeout hide what was awaited.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 90_000, everyMs = 10 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}
