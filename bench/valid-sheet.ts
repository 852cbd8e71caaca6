/**
 * The benches' all-valid product sheet: realistic create rows (Arabic title and description,
 * prices, an option), every row valid and every row a create, so a bench that syncs it measures
 * the full work of each row. Written as CSV, or as XLSX with shared strings as Excel writes them.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { arabicDescription, arabicTitle } from '../test/sheet-read/arabic-text.ts';

export const VALID_HEADERS = [
  'title',
  'title_ar',
  'description',
  'description_ar',
  'sale_price',
  'barcode',
  'category',
  'prices.1',
  'product_option.0.title',
  'product_option.0.title_ar',
  'product_option.0.type',
  'product_option.0.option_values',
];

/** One valid create row; `tag` keeps barcodes apart between sheets. */
export function validRow(i: number, tag: string): (string | number)[] {
  return [
    `Product ${i} ${i % 2 === 0 ? 'cotton shirt' : 'desk lamp'}`,
    arabicTitle(i),
    `A good product, number ${i}, with fast delivery.`,
    arabicDescription(i),
    ((i * 37) % 5000) + 0.99,
    `${tag}${6281000000000 + i}`,
    // The sandbox's categories are 1-6.
    (i % 6) + 1,
    ((i * 31) % 900) + 10,
    i % 2 === 0 ? 'Size' : 'Colour',
    i % 2 === 0 ? 'المقاس' : 'اللون',
    'multi_select',
    `${(i % 97) + 1}|${(i % 97) + 2}|${(i % 97) + 3}`,
  ];
}

/**
 * A wide sheet, as a full catalog export has it: 31 columns, the 12 above and 19 more fields a
 * product can carry, with long English and Arabic descriptions (longDescription,
 * longArabicDescription). Issues 30 and 40 measured Redis per queued row on such a sheet.
 */
export const WIDE_HEADERS = [
  ...VALID_HEADERS,
  'purchase_price',
  'shipping_cost',
  'weight',
  'unit',
  'purchase_limit',
  'sort_order',
  'tag',
  'featured',
  'all_branches',
  'preparation_time',
  'pdt_discount',
  'prices.2',
  'prices.3',
  'product_option.0.required',
  'product_option.0.with_stock',
  'product_option.1.title',
  'product_option.1.title_ar',
  'product_option.1.type',
  'product_option.1.option_values',
];

const SENTENCES = [
  'Made from soft, breathable cotton that keeps its shape wash after wash.',
  'Every piece is checked by hand before it leaves our workshop.',
  'Delivered in a gift box, ready to give, with a card for your message.',
  'Machine washable at 30 degrees; do not tumble dry, iron on a low setting.',
  'Our customer service answers within one working day, in Arabic and English.',
  'Free returns within 14 days of delivery, no questions asked.',
  'The colour may look slightly different on your screen than in daylight.',
];

const SENTENCES_AR = [
  'مصنوع من القطن الناعم الذي يسمح بمرور الهواء ويحافظ على شكله بعد كل غسلة.',
  'تُفحص كل قطعة يدويًا قبل أن تغادر ورشتنا.',
  'يصل في علبة هدايا جاهزة للإهداء مع بطاقة لرسالتك.',
  'يُغسل في الغسالة على درجة ٣٠؛ لا يُجفف في المجفف.',
  'يرد فريق خدمة العملاء خلال يوم عمل واحد باللغتين العربية والإنجليزية.',
  'إرجاع مجاني خلال ١٤ يومًا من التسليم.',
];

/** A long English description, 3 to 5 sentences (about 200 to 330 characters), varying by row. */
export function longDescription(i: number): string {
  const parts = [`Product ${i}, a favourite of our customers.`];
  for (let k = 0; k < 2 + (i % 3); k++) parts.push(SENTENCES[(i + k * 3) % SENTENCES.length]!);
  return parts.join(' ');
}

/** A long Arabic description: the short one and 1 to 2 sentences more (about 150 to 300 characters). */
export function longArabicDescription(i: number): string {
  const parts = [arabicDescription(i)];
  for (let k = 0; k < 1 + (i % 2); k++) parts.push(SENTENCES_AR[(i + k * 2) % SENTENCES_AR.length]!);
  return parts.join(' ');
}

export function wideRow(i: number, tag: string): (string | number)[] {
  const [title, titleAr, , , ...rest] = validRow(i, tag);
  return [
    title!,
    titleAr!,
    longDescription(i),
    longArabicDescription(i),
    ...rest,
    ((i * 13) % 3000) + 0.5,
    ((i * 7) % 40) + 5,
    ((i * 3) % 50) / 10 + 0.1,
    1,
    (i % 10) + 1,
    i % 1000,
    i % 3 === 0 ? 'summer' : 'classic',
    i % 2,
    1,
    (i % 5) + 1,
    i % 15,
    ((i * 29) % 900) + 20,
    ((i * 23) % 900) + 30,
    1,
    0,
    'Material',
    'الخامة',
    'multi_select',
    `${(i % 89) + 1}|${(i % 89) + 2}`,
  ];
}

export async function writeWideCsv(file: string, rows: number, tag: string): Promise<string> {
  const out = createWriteStream(file);
  const csv = stringify({ bom: true });
  csv.pipe(out);
  csv.write(WIDE_HEADERS);
  for (let i = 0; i < rows; i++) if (!csv.write(wideRow(i, tag))) await once(csv, 'drain');
  csv.end();
  await finished(out);
  return file;
}

export async function writeValidCsv(file: string, rows: number, tag: string): Promise<string> {
  const out = createWriteStream(file);
  const csv = stringify({ bom: true });
  csv.pipe(out);
  csv.write(VALID_HEADERS);
  for (let i = 0; i < rows; i++) if (!csv.write(validRow(i, tag))) await once(csv, 'drain');
  csv.end();
  await finished(out);
  return file;
}

export async function writeValidXlsx(file: string, rows: number, tag: string): Promise<string> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = writer.addWorksheet('Products');
  sheet.addRow(VALID_HEADERS).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(validRow(i, tag)).commit();
  sheet.commit();
  await writer.commit();
  return file;
}
