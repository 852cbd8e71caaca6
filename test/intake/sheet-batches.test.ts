/** One batch per sheet to sync (src/intake/sheet-batches.ts): the ids of a workbook's later sheets. */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { requestsPerSheet } from '../../src/intake/sheet-batches.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/fidelity/${name}`, import.meta.url));

it('a brand sheet named in Arabic gets a batch id of its own, in ASCII', async () => {
  const file = fixture('arabic-sheet-names.openpyxl.xlsx');
  const requests = await requestsPerSheet({ file, batchId: '20260315-020000-abcdef' });
  expect(requests.map((request) => [request.sheet, request.batchId])).toEqual([
    ['المنتجات', '20260315-020000-abcdef'],
    ['العلامات التجارية', '20260315-020000-abcdef-sheet-2'],
  ]);
});
