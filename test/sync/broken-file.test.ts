/**
 * A sheet that goes wrong where its start cannot show it. Damaged deep in the file (a quote
 * opened at row 32 and never closed): refused before the first row, nothing sent. Changed on
 * disk while its rows are read (saved again): the rows read before the change end as usual,
 * some already sent, so the batch is reported with them and says where reading stopped; no
 * row read after the change is sent.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { SheetFileError } from '../../src/sheet/types.ts';
import { readErrorText } from '../../src/sync/read-error.ts';
import { changedAfterFirstRow, CHANGING_ROWS, writeBrokenSheet, writeChangingSheet } from './helpers/broken-sheet.ts';
import { describeOnEachTransport } from './helpers/transports.ts';

describeOnEachTransport('%s transport', (current) => {
  it('refuses a file damaged deep down before its first row: nothing reaches the store', async () => {
    const { world, transport } = current;
    const file = join(world.dir, 'broken.csv');
    await writeBrokenSheet(file);
    const failure = await transport.run(world, { file }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SheetFileError);
    expect((failure as SheetFileError).message).toContain('near row 32: a quoted field opened there is never closed');
    expect(world.sandbox.products()).toHaveLength(0);
  });

  it('a file changed while its rows are read: the rows before are reported, none after is sent', async () => {
    const { world, transport } = current;
    const file = join(world.dir, 'changing.csv');
    await writeChangingSheet(file);
    const summary = await transport.run(world, { file }, { openSheet: changedAfterFirstRow });
    expect(summary.readError).toMatchObject({ code: 'file_changed' });
    expect(summary.readError?.message).toContain('the file changed while it was being read');
    expect(summary.total).toBeGreaterThan(0);
    expect(summary.total).toBeLessThan(CHANGING_ROWS);
    expect(summary.counts.created).toBe(summary.total);
    const titles = world.sandbox.products().map((product) => product.fields.title);
    expect(titles).toHaveLength(summary.total);
    expect(titles).not.toContain('Late');
    const lines = (await readFile(join(summary.reportDir, 'results.csv'), 'utf8')).trim().split('\r\n');
    expect(lines).toHaveLength(summary.total + 1);
    const written = JSON.parse(await readFile(join(summary.reportDir, 'summary.json'), 'utf8')) as {
      readError?: unknown;
    };
    expect(written.readError).toEqual(summary.readError);
    // Kept with its key through the queue and summary.json: a notification says it in Arabic too.
    expect(readErrorText(summary.readError!, 'ar')).toBe(
      `${file}: تغيّر الملف أثناء قراءته (حُفظ من جديد، أو ما زال يُنسخ): اقرأه مرة أخرى بعد اكتماله`,
    );
    expect(readErrorText(summary.readError!, 'en')).toBe(summary.readError!.message);
  });
});
