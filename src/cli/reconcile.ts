/**
 * `catalog-sync reconcile <batch-id | report folder>`: the batch's unknown creates judged by its
 * categories' product_total (src/sync/reconcile). Prints the evidence per category as a table (or
 * one JSON object) and what changed; exit 0 when it ran, 2 when the argument names no finished batch.
 */
import type { Command } from 'commander';
import { textOf, type Lang } from '../messages/index.ts';
import { reasonText, type CategoryFinding, type Verdict } from '../report/reconciled.ts';
import type { ReconcileReport } from '../sync/reconcile/run.ts';
import type { CliContext } from './context.ts';
import { formatTable } from './lists.ts';
import { STORE_CHECK_OVERRIDE, storeCheckOption } from './flags.ts';

interface ReconcileFlags {
  dryRun: boolean;
  keyColumn?: string;
  json: boolean;
  storeCheck: 'on' | 'off';
}

const VERDICT_TEXT: Record<Verdict, string> = {
  none_landed: 'none landed',
  all_landed: 'all landed',
  unclear: 'unclear',
  no_unknown: 'no unknown',
};

export function registerReconcileCommand(program: Command, ctx: CliContext): void {
  program
    .command('reconcile <batch>')
    .description(
      "settle a batch's unknown creates from its categories' product counts: none landed -> failed, sent again by rerun; all landed -> created; else left unknown (the evidence is printed per category)",
    )
    .option('--dry-run', 'print the evidence and verdicts; change nothing', false)
    .option(
      '--key-column <field>',
      'the field the batch identified created products by (default: the one its summary.json names, else barcode)',
    )
    .option('--json', 'print one JSON object', false)
    .addOption(storeCheckOption())
    .action((batch: string, flags: ReconcileFlags) => reconcileCommand(ctx, batch, flags));
}

async function reconcileCommand(ctx: CliContext, batch: string, flags: ReconcileFlags): Promise<void> {
  await ctx.withApp(async (app) => {
    const report = await app.reconcile(batch, {
      dryRun: flags.dryRun,
      ...(flags.keyColumn ? { keyColumn: flags.keyColumn } : {}),
      storeCheck: { allowUnrecorded: flags.storeCheck === 'off', override: STORE_CHECK_OVERRIDE },
    });
    const said = inLangOf(report, ctx.lang());
    for (const warning of said.warnings) ctx.printError(`warning: ${warning}`);
    ctx.print(flags.json ? JSON.stringify(said, null, 2) : reportText(said));
  });
}

/** The report as the CLI prints it: the warnings and each category's reason in the reader's language. */
type SaidReport = Omit<ReconcileReport, 'warnings'> & { warnings: string[] };

function inLangOf(report: ReconcileReport, lang: Lang): SaidReport {
  return {
    ...report,
    categories: report.categories.map((finding) => ({ ...finding, reason: reasonText(finding, lang) })),
    warnings: report.warnings.map((warning) => textOf(warning, lang)),
  };
}

function rowsText(rows: readonly number[]): string {
  return `${rows.length === 1 ? 'row' : 'rows'} ${rows.join(', ')}`;
}

function reportText(report: SaidReport): string {
  const lines = [`batch ${report.batchId}${report.dryRun ? ' (dry run: nothing changed)' : ''}`];
  if (report.categories.length === 0) return [...lines, 'no created or unknown creates in this batch'].join('\n');
  lines.push(
    formatTable(
      ['CATEGORY', 'BEFORE', 'AFTER', 'RISE', 'CONFIRMED', 'UNKNOWN', 'VERDICT', 'WHY'],
      report.categories.map(cells),
    ),
  );
  const would = report.dryRun ? 'would become' : 'now';
  const failed = report.changed.filter((c) => c.now === 'failed').map((c) => c.row);
  const created = report.changed.filter((c) => c.now === 'created').map((c) => c.row);
  if (failed.length > 0)
    lines.push(
      `${failed.length} ${would} failed (not created, safe to send again: catalog-sync rerun ${report.batchId}): ${rowsText(failed)}`,
    );
  if (created.length > 0)
    lines.push(
      `${created.length} ${would} created (the store returns no product_id: find it in the store's admin to update one): ${rowsText(created)}`,
    );
  if (report.leftUnknown.length > 0)
    lines.push(`${report.leftUnknown.length} left unknown (see WHY): ${rowsText(report.leftUnknown)}`);
  if (!report.dryRun && report.changed.length > 0) lines.push(`report rewritten: ${report.reportDir}`);
  return lines.join('\n');
}

function cells(finding: CategoryFinding): string[] {
  const n = (value: number | null) => (value === null ? '?' : String(value));
  return [
    finding.category || '(none)',
    n(finding.before),
    n(finding.after),
    n(finding.rise),
    String(finding.confirmed),
    String(finding.unknown),
    VERDICT_TEXT[finding.verdict],
    finding.reason,
  ];
}
