/**
 * The lines the commands print for a finished batch (pure), in the CLI's language (`--lang`): in
 * English the outcomes keep their report names (`status_changed 3`), which scripts read; in Arabic
 * they are the words the console and the e-mail use (src/messages/outcome-words.ts).
 */
import type { Lang } from '../messages/types.ts';
import { OUTCOMES, PROBLEM_OUTCOMES } from '../outcome.ts';
import { CLI_WORDS } from '../messages/cli.ts';
import type { BatchSummary } from '../report/summary.ts';
import { hiddenSkippedText } from '../sheet/map/summary-text.ts';
import { readErrorText } from '../sync/read-error.ts';

export function summarizeBatch(summary: BatchSummary, lang: Lang = 'en'): string {
  const w = CLI_WORDS[lang];
  const counts = OUTCOMES.filter((o) => summary.counts[o] > 0).map((o) => w.outcome(o, summary.counts[o]));
  const label = `${summary.dryRun ? w.dryRun : ''}${summary.rerunOf ? w.rerunOf(summary.rerunOf) : ''}${summary.undoes ? w.undoes(summary.undoes) : ''}`;
  const lines = [
    `${w.head(summary.batchId, label, summary.total)}${counts.length > 0 ? `: ${counts.join(w.listSeparator)}` : ''}`,
  ];
  if (summary.sheet) {
    lines.push(w.sheetRead(summary.sheet.name));
    if (summary.sheet.hiddenSkipped.length > 0) lines.push(hiddenSkippedText(summary.sheet.hiddenSkipped, lang));
  }
  const unchanged = summary.skippedUnchanged;
  if (unchanged && !unchanged.listed) lines.push(w.unchangedNotListed(unchanged.count));
  if (summary.readError) {
    lines.push(w.readError(lang === 'en' ? summary.readError.message : readErrorText(summary.readError, lang)));
    lines.push(w.rowsBefore(summary.total));
  }
  if (summary.counts.unknown > 0) lines.push(w.unknownCreates(summary.counts.unknown, summary.batchId));
  lines.push(w.report(summary.reportDir));
  return lines.join('\n');
}

/** A batch a person has to look at: a row that did not go through, or a file that broke part-way. */
export function batchHasProblems(summary: BatchSummary): boolean {
  return [...PROBLEM_OUTCOMES].some((outcome) => summary.counts[outcome] > 0) || summary.readError !== undefined;
}
