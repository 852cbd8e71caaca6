/** A yes/no question on the terminal; off a terminal nothing can be asked and the answer is no. */
import { createInterface } from 'node:readline/promises';
import type { CliContext } from './context.ts';

/** True when the person answered yes; false when they did not, or could not be asked. */
export async function confirmOnTerminal(ctx: CliContext, question: string): Promise<boolean> {
  const stdin = ctx.io.stdin;
  if (!stdin?.isTTY || !ctx.io.stderr.isTTY) return false;
  const prompt = createInterface({ input: stdin, output: ctx.io.stderr });
  try {
    return /^(y|yes)$/i.test((await prompt.question(`${question} [y/N] `)).trim());
  } finally {
    prompt.close();
  }
}
