/**
 * What `rerun` says about creates whose outcome was unknown: those it leaves unsent, and the
 * question before it sends them again (each one that did reach the store is then created twice).
 */
import { createInterface } from 'node:readline/promises';
import { ExitError, type CliContext } from './context.ts';
import { EXIT } from './exit-codes.ts';

const rowsText = (n: number): string => (n === 1 ? '1 row' : `${n} rows`);

function listed(rows: readonly number[]): string {
  const shown = rows.slice(0, 20).join(', ');
  return rows.length > 20 ? `${shown} and ${rows.length - 20} more` : shown;
}

export function heldUnknownNote(rows: readonly number[]): string {
  return `not sent: ${rowsText(rows.length)} whose create had an unknown outcome (row ${listed(rows)}); each may already exist in the store. Check the store and add product_id to update them, or pass --resend-unknown-creates to create them again (any that did reach the store would then exist twice).`;
}

/** Returns when the person confirmed (or --yes); otherwise throws ExitError 2 and nothing is sent. */
export async function confirmResend(ctx: CliContext, count: number, yes: boolean): Promise<void> {
  const warning = `${rowsText(count)} may be created twice: ${count === 1 ? 'its' : 'their'} earlier create had an unknown outcome and may have reached the store.`;
  if (yes) {
    ctx.printError(`${warning} Sending again (--yes).`);
    return;
  }
  const stdin = ctx.io.stdin;
  if (!stdin?.isTTY || !ctx.io.stderr.isTTY)
    throw new ExitError(
      EXIT.notStarted,
      `${warning} Nothing was sent: not on a terminal, so nothing could be asked; add --yes to --resend-unknown-creates to send them anyway.`,
    );
  const question = createInterface({ input: stdin, output: ctx.io.stderr });
  try {
    const answer = await question.question(`${warning} Send ${count === 1 ? 'it' : 'them'} again? [y/N] `);
    if (!/^(y|yes)$/i.test(answer.trim())) throw new ExitError(EXIT.notStarted, 'nothing was sent');
  } finally {
    question.close();
  }
}
