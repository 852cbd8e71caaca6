/**
 * What a spawned process wrote and how it ended, for the tests that run the real CLI (or npm) as a
 * child: one collector instead of the same listeners in every file. It waits on the child's
 * 'exit' event, as the tests did before it.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Collects the child's piped output (an ignored stream stays '') until it exits. */
export async function childRun(child: ChildProcess): Promise<ChildRun> {
  const run: ChildRun = { code: null, stdout: '', stderr: '' };
  child.stdout?.on('data', (d: Buffer) => (run.stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (run.stderr += d.toString()));
  [run.code] = (await once(child, 'exit')) as [number | null];
  return run;
}
