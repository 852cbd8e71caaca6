/**
 * A sheet that breaks part-way (here: a quote opened and never closed, found once the field
 * outgrows any real row): the rows read before the break end as usual, some already sent, so the
 * batch is reported with them and says where reading stopped. Nothing after the break is read.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeBrokenSheet } from './helpers/broken-sheet.ts';
import { eachTestOn } from './helpers/transports.ts';

describe.each([['local'], ['redis']] as const)('%s transport', (name) => {
  const current = eachTestOn(name);

  it('reports the rows read before the break, and where the file broke', async () => {
    const { world, transport } = current;
    const file = join(world.dir, 'broken.csv');
    await writeBrokenSheet(file);
    const summary = await transport.run(world, { file });
    expect(summary.readError).toMatchObject({ code: 'unreadable_csv' });
    expect(summary.readError?.message).toContain('near row 32: a quoted field opened there is never closed');
    expect(summary.total).toBe(30);
    expect(summary.counts.created).toBe(30);
    expect(world.sandbox.products()).toHaveLength(30);
    const lines = (await readFile(join(summary.reportDir, 'results.csv'), 'utf8')).trim().split('\r\n');
    expect(lines).toHaveLength(31);
    expect(lines.at(-1)).toContain('Item 29');
    const written = JSON.parse(await readFile(join(summary.reportDir, 'summary.json'), 'utf8')) as {
      readError?: unknown;
    };
    expect(written.readError).toEqual(summary.readError);
  });
});
