/**
 * Realistic 100,000-row product sheets for the reading benches (Arabic titles and descriptions,
 * prices, options), written once under bench/fixtures/ (gitignored) and reused.
 */
import { createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { arabicDescription, arabicTitle } from '../test/sheet-read/arabic-text.ts';

export const BENCH_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

export const BENCH_HEADERS = [
  'product_id',
  'title',
  'title_ar',
  'description',
  'description_ar',
  'sale_price',
  'price',
  'quantity',
  'barcode',
  'category',
  'product_status',
  'prices.1',
  'product_option.0.title_ar',
  'product_option.0.type',
  'product_option.0.option_values',
];

/**
 * One row. The reading benches' rows (`valid` false) put `product_status` on every row, so the
 * 2 in 3 without a product_id are `create_with_status` errors, and 1 in 97 has an option value 0;
 * `valid` rows carry a status only beside a product_id and option values from 1: every row maps.
 */
export function benchRow(i: number, valid = false): (string | number)[] {
  const hasId = i % 3 === 0;
  return [
    hasId ? 500000 + i : '',
    `Product ${i} ${i % 2 === 0 ? 'cotton shirt' : 'desk lamp'}`,
    arabicTitle(i),
    `A good product, number ${i}, with fast delivery.`,
    arabicDescription(i),
    ((i * 37) % 5000) + 0.99,
    ((i * 37) % 5000) + 20,
    i % 250,
    String(6281000000000 + i),
    (i % 40) + 1,
    valid && !hasId ? '' : i % 5 === 0 ? 0 : 1,
    ((i * 31) % 900) + 10,
    i % 2 === 0 ? 'المقاس' : 'اللون',
    i % 2 === 0 ? 'radio' : 'select',
    valid ? `${(i % 97) + 1}|${(i % 97) + 2}|${(i % 97) + 3}` : `${i % 97}|${(i % 97) + 1}|${(i % 97) + 2}`,
  ];
}

async function writeCsv(file: string, rows: number, valid: boolean): Promise<void> {
  const out = createWriteStream(file);
  const csv = stringify({ bom: true });
  csv.pipe(out);
  csv.write(BENCH_HEADERS);
  for (let i = 0; i < rows; i++) {
    if (!csv.write(benchRow(i, valid))) await new Promise((resolve) => csv.once('drain', resolve));
  }
  csv.end();
  await finished(out);
}

async function writeXlsx(file: string, rows: number, valid: boolean): Promise<void> {
  // Shared strings, as Excel itself writes them.
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = writer.addWorksheet('Products');
  sheet.addRow(BENCH_HEADERS).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(benchRow(i, valid)).commit();
  sheet.commit();
  await writer.commit();
}

/** The bench files for this many rows, written if absent (through a temp name, so a killed run leaves none half-made). */
export async function ensureBenchFiles(rows: number, valid = false): Promise<{ csv: string; xlsx: string }> {
  mkdirSync(BENCH_DIR, { recursive: true });
  const name = valid ? `products-valid-${rows}` : `products-${rows}`;
  const csv = join(BENCH_DIR, `${name}.csv`);
  const xlsx = join(BENCH_DIR, `${name}.xlsx`);
  if (!existsSync(csv)) {
    await writeCsv(`${csv}.tmp`, rows, valid);
    renameSync(`${csv}.tmp`, csv);
  }
  if (!existsSync(xlsx)) {
    await writeXlsx(`${xlsx}.tmp`, rows, valid);
    renameSync(`${xlsx}.tmp`, xlsx);
  }
  return { csv, xlsx };
}
