/** `ledger show|export|forget|move-to-file`: the store's ledger, as the app opens it (see ../ledger.ts). */
import { stringify } from 'csv-stringify/sync';
import { writeFileAtomic } from '../../files/atomic-write.ts';
import { neutraliseCell } from '../../files/formula-guard.ts';
import { describeLedgerKey, keyFromText, keyParts } from '../../ledger/key-text.ts';
import { linkFromFile, type LinkReport } from '../../ledger/link-file.ts';
import type { LedgerEntry, ReplacedStep } from '../../ledger/ledger.ts';
import { redisServerOf } from '../../redis.ts';
import { describeStore } from '../../store/identity.ts';
import { confirmOnTerminal } from '../confirm.ts';
import { ExitError, type CliContext } from '../context.ts';
import { EXIT } from '../exit-codes.ts';

export interface KeyFlags {
  keyColumn: string;
  json?: boolean;
}

export async function moveToFile(ctx: CliContext): Promise<void> {
  await ctx.withApp(async (app) => {
    if (!redisServerOf(app.config))
      throw new ExitError(
        EXIT.notStarted,
        'configuration error: REDIS_URL: is not set (move-to-file reads the ledger from the Redis that holds it)',
      );
    const { entries, file, keptAs } = await app.moveLedgerToFile();
    ctx.print(
      `${entries === 1 ? '1 entry' : `${entries} entries`} moved from Redis to ${file} (the Redis hash is kept as ${keptAs}). Run without REDIS_URL from now on: a command with REDIS_URL makes Redis answer for this store again, taking the file over.`,
    );
  });
}

export async function link(ctx: CliContext, flags: { from: string; keyColumn: string; json?: boolean }): Promise<void> {
  await ctx.withApp(async (app) => {
    const { ledger, where } = await app.ledger();
    let report: LinkReport;
    try {
      report = await linkFromFile(flags.from, ledger, flags.keyColumn);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new ExitError(EXIT.notStarted, `${flags.from}: no such file`);
      throw error;
    }
    if (flags.json) ctx.print(JSON.stringify({ ledger: where, ...report }, null, 2));
    else {
      ctx.print(
        `${where}: ${report.linked} linked, ${report.already} already linked, ${report.refused.length} refused`,
      );
      for (const { row, message } of report.refused) ctx.printError(`${flags.from}, row ${row}: ${message}`);
    }
    if (report.refused.length > 0) process.exitCode = EXIT.problems;
  });
}

export async function show(ctx: CliContext, texts: string[], flags: KeyFlags): Promise<void> {
  await ctx.withApp(async (app) => {
    // Read without the ledger's lock: it answers beside a serve or watch that has the file open.
    const { where, ...view } = await app.readLedger();
    const keys = texts.map((text) => keyFromText(text, flags.keyColumn));
    const entries = await view.getMany(keys);
    if (flags.json) {
      ctx.print(
        JSON.stringify(
          { store: await app.store(), ledger: where, keys: keys.map((key, i) => ({ key, entry: entries[i] ?? null })) },
          null,
          2,
        ),
      );
    } else {
      ctx.print(`ledger of ${describeStore(await app.store())}: ${where}`);
      keys.forEach((key, i) => {
        const entry = entries[i];
        ctx.print(`${describeLedgerKey(key)} (${key}): ${meaning(entry)}`);
        // The product's record: every key it is known by, and the values last sent, one a line.
        if (entry?.ln)
          ctx.print(`  also known as: ${entry.ln.map((k) => `${describeLedgerKey(k)} (${k})`).join(', ')}`);
        for (const [field, value] of Object.entries(entry?.v ?? {}))
          ctx.print(`  ${field}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
        // What its last batches replaced: what `undo <batch>` would put back.
        for (const step of entry?.u ?? []) ctx.print(`  batch ${step.b} ${replacedText(step)}`);
      });
    }
    if (entries.some((entry) => entry === undefined)) process.exitCode = EXIT.problems;
  });
}

function replacedText(step: ReplacedStep): string {
  if (step.c === 1) return 'created it';
  const was = Object.entries(step.was).map(
    ([field, value]) =>
      `${field} was ${value === null ? 'not known' : typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
  return `changed ${was.join(', ')}`;
}

function meaning(entry: LedgerEntry | undefined): string {
  if (entry === undefined) return 'not in the ledger (a row with this key is sent as the sheet says)';
  const where = `batch ${entry.batch}${entry.row > 0 ? `, row ${entry.row}` : ''}`;
  switch (entry.st) {
    case 'synced':
      return `synced: the store confirmed it (${where}); a create with this key is never sent again`;
    case 'unknown':
      return `unknown: a create whose outcome is not known (${where}); it may exist in the store, and is not sent again without --retry-unknown`;
    case 'pending':
      return `pending: a create was being sent (${where}); if no sync is running it was cut off, and counts as unknown`;
  }
}

export async function exportCsv(ctx: CliContext, out: string | undefined): Promise<void> {
  await ctx.withApp(async (app) => {
    const { ledger, where } = await app.ledger();
    const rows: string[][] = [['key', 'kind', 'field', 'value', 'state', 'batch', 'row']];
    for await (const [key, entry] of ledger.all()) {
      const parts = keyParts(key);
      rows.push([key, parts.kind, parts.field, parts.value, entry.st, entry.batch, String(entry.row)]);
    }
    const csv = `\uFEFF${stringify(rows.map((row) => row.map(neutraliseCell)))}`;
    if (out === undefined) {
      ctx.io.stdout.write(csv);
      return;
    }
    await writeFileAtomic(out, csv);
    ctx.printError(`${rows.length - 1} entries of ${where} written to ${out}`);
  });
}

export async function forget(ctx: CliContext, texts: string[], flags: KeyFlags & { yes: boolean }): Promise<void> {
  await ctx.withApp(async (app) => {
    const { ledger, where } = await app.ledger();
    const keys = texts.map((text) => keyFromText(text, flags.keyColumn));
    const entries = await ledger.getMany(keys);
    const held = keys.filter((_, i) => entries[i] !== undefined);
    // A product's record goes whole, under every key it is known by: its values too, so a preview
    // shows it as new and the guard has no old price to hold it by.
    const linked = entries.flatMap((entry) => entry?.ln ?? []).filter((key) => !held.includes(key));
    for (const [i, key] of keys.entries())
      if (entries[i] === undefined) ctx.printError(`${describeLedgerKey(key)} (${key}): not in the ledger`);
    if (held.length === 0) throw new ExitError(EXIT.problems, 'nothing to forget');
    const what = held.map(describeLedgerKey).join(', ');
    const question = `Forget ${what} in the ledger of ${describeStore(await app.store())} (${where})? A sync of a row with ${held.length === 1 ? 'this key' : 'these keys'} then creates the product again.`;
    if (!flags.yes && !(await confirmOnTerminal(ctx, question)))
      throw new ExitError(
        EXIT.notStarted,
        ctx.io.stdin?.isTTY && ctx.io.stderr.isTTY
          ? 'nothing was forgotten'
          : `nothing was forgotten: not on a terminal, so nothing could be asked; add --yes to forget ${what}`,
      );
    await ledger.deleteMany([...held, ...linked]);
    ctx.print(`forgotten: ${what} (the next sync of a row with ${held.length === 1 ? 'it' : 'them'} creates it again)`);
  });
}
