/**
 * Rule (a), end to end on both transports: the same key twice in one sheet ends the same way
 * whatever the key column is and however the sheet is sent: the later row is `invalid`, naming
 * the first, and the store sees one create.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeOnEachTransport } from '../sync/helpers/transports.ts';

describeOnEachTransport('the same key twice in one sheet (%s)', (current) => {
  it.each(['barcode', 'title'])('key column %s: the later row is invalid, naming the first', async (keyColumn) => {
    const { world, transport } = current;
    const file = await world.sheet('dup.csv', [
      'title,sale_price,category,barcode',
      'Same,5,1,111',
      'Other,5,1,222',
      'Same,6,1,111',
    ]);
    const summary = await transport.run(world, {
      file,
      ledger: { mode: 'full', keyColumn, retryUnknown: false },
    });
    expect(summary.counts).toMatchObject({ created: 2, invalid: 1 });
    const csv = await readFile(join(summary.reportDir, 'results.csv'), 'utf8');
    const row4 = csv.split('\r\n').find((line) => line.startsWith('Same,6,'));
    expect(row4).toContain(',invalid,');
    expect(row4).toContain('already on row 2');
    expect(world.sandbox.products().filter((p) => p.fields.title === 'Same')).toHaveLength(1);
  });
});
