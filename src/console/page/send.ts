/**
 * The buttons that start a batch: on the home page Dry run and Sync (the shown sheet; a held
 * sheet asks first, guard.ts), on a batch's page Re-run its failed rows. Either way the operator
 * lands on the new batch's page.
 */
import { api } from './api.ts';
import { openBatch } from './batch-link.ts';
import { confirmSend } from './confirm.ts';
import { T } from './context.ts';
import { $, fmt, messageOf, pageLang, say } from './dom.ts';
import { askGuard, guardOf } from './guard.ts';
import { shownSheet } from './upload.ts';

async function startBatch(dryRun: boolean): Promise<void> {
  const sheet = shownSheet();
  if (!sheet) return;
  if (!dryRun && !(await confirmSend(sheet.name))) return;
  say('send-error', '');
  // The batch's report is written in the page's language.
  const body = { ...sheet, dryRun: String(dryRun), lang: pageLang() };
  try {
    let answer: { batchId: string };
    try {
      answer = await api('POST /api/batches', {}, { body });
    } catch (error) {
      const guard = guardOf(error);
      if (!guard) throw error;
      if (!(await askGuard(guard))) return;
      answer = await api('POST /api/batches', {}, { body: { ...body, confirm: true } });
    }
    openBatch(answer.batchId);
  } catch (error) {
    say('send-error', `${T.error}: ${messageOf(error)}`);
  }
}

async function rerun(): Promise<void> {
  const batchId = $('rerun').dataset.batch ?? '';
  if (!(await confirmSend(`${T.confirm_rerun} ${batchId}`))) return;
  say('batch-error', '');
  try {
    const answer = await api('POST /api/batches/:id/rerun', { id: batchId });
    // Invalid rows are not re-sent as they are: they need a fix (the grid) first.
    const left = answer.invalidRows?.length ?? 0;
    openBatch(answer.batchId, left > 0 ? `${T.rerun_left_out}: ${fmt(left)}` : '');
  } catch (error) {
    say('batch-error', `${T.error}: ${messageOf(error)}`);
  }
}

export function startSending(): void {
  $('dry-run').addEventListener('click', () => void startBatch(true));
  $('sync').addEventListener('click', () => void startBatch(false));
}

export function startRerun(): void {
  $('rerun').addEventListener('click', () => void rerun());
}
