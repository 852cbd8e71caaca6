/**
 * Test-only check (not part of the vitest suite: LibreOffice takes seconds, and installing it
 * costs ~90 MB of packages, so CI goes without): writes a results.xlsx with tricky cells, converts
 * it to CSV with headless LibreOffice and checks the cells it shows (prices with 2 decimals); then
 * prints a 60-row report of the sample sheet to PDF and checks it fits the pages' width (one page
 * per screenful of rows, not a page per few columns). Exits 0 when LibreOffice is not installed
 * (Debian: `apt-get install --no-install-recommends libreoffice-calc-nogui`).
 *
 *   npx tsx test/report/libreoffice-open.ts
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { ResultsXlsxWriter } from '../../src/report/xlsx-writer.ts';
import type { Outcome } from '../../src/outcome.ts';
import { startBaseWorld } from '../helpers/base-world.ts';

function soffice(): string | null {
  try {
    return execFileSync('which', ['soffice'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

const bin = soffice();
if (!bin) {
  console.log('soffice not found: skipped');
  process.exit(0);
}

/** Converts with headless LibreOffice into `dir`; its own profile never touches a user's settings. */
function convert(dir: string, file: string, to: string): void {
  execFileSync(
    bin!,
    [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', to, '--outdir', dir, file],
    { stdio: 'ignore', timeout: 120_000 },
  );
}

async function writeReport(file: string, headers: string[], rows: string[][], outcome: (i: number) => Outcome) {
  const writer = new ResultsXlsxWriter(file, headers);
  for (const [i, cells] of rows.entries()) {
    const failed = outcome(i) === 'failed';
    await writer.write({
      row: i + 2,
      cells,
      result: { row: i + 2, outcome: outcome(i), message: failed ? 'm' : '', httpStatus: 422, attempts: 1 },
    });
  }
  await writer.commit();
}

const world = await startBaseWorld({ name: 'xlsx-lo' });
const { dir } = world;
let failures = 0;
try {
  const file = join(dir, 'results.xlsx');
  const inputs = [
    ['Tea & <b>', 'شاي أخضر', '10.50'],
    ['x _x0041_ y', 'قهوة', '=1+2'],
    ['bell\u0001', 'pair 😀', '190'],
  ];
  await writeReport(file, ['title', 'title_ar', 'sale_price'], inputs, (i) => (i === 1 ? 'failed' : 'created'));
  convert(dir, file, 'csv:Text - txt - csv (StarCalc):44,34,76');
  const csv = await readFile(join(dir, 'results.csv'), 'utf8');
  const expected = [
    'row,outcome,message,title,title_ar,sale_price,http_status,attempts',
    '2,created,,Tea & <b>,شاي أخضر,10.50,422,1',
    "3,failed,m,x _x0041_ y,قهوة,'=1+2,422,1",
    '4,created,,bell,pair 😀,190.00,422,1',
  ].join('\n');
  if (csv.trim() === expected)
    console.log('LibreOffice opened results.xlsx: every cell as written, prices with 2 decimals');
  else {
    console.error(`LibreOffice shows:\n${csv}\nexpected:\n${expected}`);
    failures++;
  }

  // 60 rows of the sample sheet (16 input columns) printed on 14 pages, a few columns each, before
  // the report printed landscape and one page wide.
  const sample = await readFile(join(import.meta.dirname, '../../templates/sample-products.csv'), 'utf8');
  const records: string[][] = parse(sample, { bom: true, relax_column_count: true });
  const [headers, ...rows] = records;
  const printed = join(dir, 'printed.xlsx');
  const sixty = Array.from({ length: 60 }, (_, i) => rows[i % rows.length]!);
  await writeReport(printed, headers!, sixty, (i) => (i % 5 === 0 ? 'failed' : 'created'));
  convert(dir, printed, 'pdf');
  const pdf = (await readFile(join(dir, 'printed.pdf'))).toString('latin1');
  const pages = pdf.match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
  if (pages >= 1 && pages <= 2) console.log(`LibreOffice prints 60 rows of the sample sheet on ${pages} page(s)`);
  else {
    console.error(`LibreOffice prints 60 rows of the sample sheet on ${pages} pages, expected 1 or 2`);
    failures++;
  }
} finally {
  await world.close();
}
process.exitCode = failures > 0 ? 1 : 0;
