/**
 * results.xlsx read back by openpyxl (Debian's python3-openpyxl, which npm test's .ci/test-setup
 * installs when absent), an independent reader: the layout a person gets when they open the
 * report, not what our own writer believes it wrote. The exceljs read-back in xlsx-writer.test.ts
 * checks the same cells through a second library.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { ResultsXlsxWriter } from '../../src/report/xlsx-writer.ts';
import { useTempDir } from '../helpers/use-world.ts';

const run = promisify(execFile);
const READER = join(import.meta.dirname, 'openpyxl-read.py');

interface SeenCell {
  value: string | number | null;
  /** openpyxl's data type: n number, s text, f formula. */
  type: string;
  fill: string | null;
  rtl: boolean;
  bold: boolean;
  /** The cell's number format code, `General` when it has none. */
  format: string;
}
interface Seen {
  sheets: string[];
  freeze: string | null;
  filter: string | null;
  widths: Record<string, number>;
  page: {
    orientation: string | null;
    fitToPage: boolean;
    fitToWidth: number | null;
    fitToHeight: number | null;
    titleRows: string | null;
  };
  rows: SeenCell[][];
}

const LONG_TITLE = 'Stainless steel insulated bottle 750 ml';
const ARABIC_TITLE = 'زجاجة معزولة من الفولاذ ٧٥٠ مل';
const INPUT = ['product_id', 'title', 'title_ar', 'barcode', 'sale_price', 'tag', 'weight', 'prices.vip'];
const HEADER = ['row', 'outcome', 'message', ...INPUT, 'http_status', 'attempts'];

const tmp = useTempDir('xlsx-openpyxl', { once: true });

let seen: Seen;

beforeAll(async () => {
  const file = join(tmp.dir, 'results.xlsx');
  const writer = new ResultsXlsxWriter(file, INPUT);
  const rows: [string[], 'updated' | 'invalid' | 'created', string][] = [
    [['1001', LONG_TITLE, ARABIC_TITLE, '012345678905', '1249.5', '12.50', '1.250', '45.00'], 'updated', ''],
    [
      ['', '=HYPERLINK("http://x")', 'كوب', '4006381333931', '-3', '007', '', '12.5O'],
      'invalid',
      'category: needed to create a product',
    ],
    [['', 'Mug', 'كوب', '6291041500213', '10.50', 'tea', '2', '190'], 'created', ''],
    [['', 'Kettle', 'غلاية', '', '10.125', '', '0.5', '7'], 'created', ''],
  ];
  for (const [i, [cells, outcome, message]] of rows.entries())
    await writer.write({
      row: i + 2,
      cells,
      result: {
        row: i + 2,
        outcome,
        message,
        httpStatus: outcome === 'invalid' ? null : 200,
        attempts: outcome === 'invalid' ? 0 : 1,
      },
    });
  await writer.commit();
  const { stdout } = await run('/usr/bin/python3', [READER, file]);
  seen = JSON.parse(stdout) as Seen;
});

const column = (name: string): number => HEADER.indexOf(name);
const cell = (row: number, name: string): SeenCell => seen.rows[row - 1]![column(name)]!;
const letter = (name: string): string => String.fromCharCode(65 + column(name));

it('puts row, outcome and message first, bold, with the header and those columns frozen and a filter over all', () => {
  expect(seen.rows[0]!.map((c) => c.value)).toEqual(HEADER);
  expect(seen.rows[0]!.every((c) => c.bold)).toBe(true);
  expect(seen.freeze).toBe('D2');
  expect(seen.filter).toBe('A1:M5');
});

it('sizes columns from their content, so titles, messages and barcodes are not cut', () => {
  expect(seen.widths[letter('title')]).toBeGreaterThanOrEqual(LONG_TITLE.length);
  expect(seen.widths[letter('message')]).toBeGreaterThanOrEqual('category: needed to create a product'.length);
  expect(seen.widths[letter('barcode')]).toBeGreaterThanOrEqual('4006381333931'.length);
});

it('keeps numbers numeric and codes as the text the sheet had', () => {
  expect([cell(2, 'row'), cell(2, 'product_id')].map((c) => [c.type, c.value, c.format])).toEqual([
    ['n', 2, 'General'],
    ['n', 1001, 'General'],
  ]);
  // tag is a text field: `12.50` there is a code, kept as written.
  expect([cell(2, 'barcode'), cell(2, 'tag'), cell(3, 'tag')].map((c) => [c.type, c.value])).toEqual([
    ['s', '012345678905'],
    ['s', '12.50'],
    ['s', '007'],
  ]);
});

it('stores every price as a number shown with 2 decimals (more when the sheet wrote more), whatever its trailing zeros', () => {
  const prices = (name: string) =>
    [2, 3, 4, 5].map((row) => [cell(row, name).type, cell(row, name).value, cell(row, name).format]);
  expect(prices('sale_price')).toEqual([
    ['n', 1249.5, '0.00'],
    ['n', -3, '0.00'],
    ['n', 10.5, '0.00'],
    ['n', 10.125, '0.000'],
  ]);
  // A cell that is not a number stays the text the row had (its row is invalid).
  expect(prices('prices.vip')).toEqual([
    ['n', 45, '0.00'],
    ['s', '12.5O', 'General'],
    ['n', 190, '0.00'],
    ['n', 7, '0.00'],
  ]);
});

it('stores other number fields as numbers showing the decimals the sheet wrote', () => {
  expect(
    [2, 4, 5].map((row) => [cell(row, 'weight').type, cell(row, 'weight').value, cell(row, 'weight').format]),
  ).toEqual([
    ['n', 1.25, '0.000'],
    ['n', 2, 'General'],
    ['n', 0.5, 'General'],
  ]);
});

it('prints landscape, one page wide, with the header row on every page', () => {
  expect(seen.page).toEqual({
    orientation: 'landscape',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    titleRows: '$1:$1',
  });
});

it('shows a formula from the sheet as text, never as a formula openpyxl would see', () => {
  expect(cell(3, 'title').type).toBe('s');
  expect(cell(3, 'title').value).toBe('\'=HYPERLINK("http://x")');
});

it('fills problem rows, and keeps Arabic text whole and right to left', () => {
  expect(seen.rows[2]!.every((c) => c.fill === 'FFFFC7CE')).toBe(true);
  expect([seen.rows[1]!, seen.rows[3]!].flat().every((c) => c.fill === null)).toBe(true);
  expect(cell(2, 'title_ar').value).toBe(ARABIC_TITLE);
  expect(cell(2, 'title_ar').rtl).toBe(true);
  expect(cell(2, 'title').rtl).toBe(false);
});
