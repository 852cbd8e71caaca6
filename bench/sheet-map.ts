/**
 * Reading + mapping + validation (openSheet + summarizeSheet, as `validate` runs it) against the
 * raw parsers on the same 100,000-row CSV and XLSX files as bench/sheet-read.ts, in the same run.
 * Goal: at most 1.5x the raw parse's time.
 *
 *   npx tsx bench/sheet-map.ts [--rows 100000] [--runs 3]
 *
 * The timed sheet is all valid (every row maps: 2 in 3 creates, 1 in 3 updates with a status), so
 * every row does the full work; a separate line runs the reading benches' sheet, which has errors
 * (2 in 3 rows are `create_with_status`), against the same raw parse. Both files carry `price`
 * beside `sale_price` (one field twice: a header error that would stop every row early) and an
 * option without a title, so a column map sends `price` to purchase_price and the option's Arabic
 * title to its title. Writes its section of bench/RESULTS.md.
 */
import { fileURLToPath } from 'node:url';
import { openSheet } from '../src/sheet/open.ts';
import { summarizeSheet } from '../src/sheet/map/summarize.ts';
import { ensureBenchFiles } from './sheet-read-data.ts';
import { readPipelines } from './sheet-read.ts';
import { flag, runSheetBench, type BenchCase, type Pipeline } from './sheet-read-harness.ts';
import { machineLine, writeSection } from './results-section.ts';

const BENCH_COLUMNS = {
  price: 'purchase_price',
  quantity: 'ignore',
  'product_option.0.title_ar': 'product_option.0.title',
};

const mapPipelines: Record<string, Pipeline> = {
  ...readPipelines,
  async 'read+map+validate'(file) {
    const opened = await openSheet(file, { columns: BENCH_COLUMNS });
    const summary = await summarizeSheet(opened, { keepIssues: 1000 });
    if (summary.headerIssues.some((issue) => issue.severity === 'error'))
      throw new Error('bench sheet has header errors');
    process.stderr.write(
      `    ${summary.rows} rows: ${summary.creates} creates, ${summary.updates} updates, ${summary.statusChanges} status, ${summary.invalidRows} invalid\n`,
    );
    return summary.rows;
  },
};

/** Raw parse (the baseline), reading alone (our reader), and reading + mapping + validation. */
async function cases(): Promise<BenchCase[]> {
  const rows = Number(flag('rows', '100000'));
  const { csv, xlsx } = await ensureBenchFiles(rows, true);
  const withErrors = await ensureBenchFiles(rows);
  return [
    { label: 'csv: raw csv-parse', pipeline: 'csv-parse', file: csv },
    { label: 'csv: read', pipeline: 'read', file: csv, baseline: 'csv: raw csv-parse' },
    { label: 'csv: read+map+validate', pipeline: 'read+map+validate', file: csv, baseline: 'csv: raw csv-parse' },
    {
      label: 'csv, sheet with errors: read+map+validate',
      pipeline: 'read+map+validate',
      file: withErrors.csv,
      baseline: 'csv: raw csv-parse',
    },
    { label: 'xlsx: raw exceljs stream', pipeline: 'exceljs-stream', file: xlsx },
    { label: 'xlsx: read', pipeline: 'read', file: xlsx, baseline: 'xlsx: raw exceljs stream' },
    {
      label: 'xlsx: read+map+validate',
      pipeline: 'read+map+validate',
      file: xlsx,
      baseline: 'xlsx: raw exceljs stream',
    },
    {
      label: 'xlsx, sheet with errors: read+map+validate',
      pipeline: 'read+map+validate',
      file: withErrors.xlsx,
      baseline: 'xlsx: raw exceljs stream',
    },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const table = await runSheetBench(mapPipelines, cases);
  if (table !== null) {
    await writeSection(
      'sheet-map',
      [
        `\`npx tsx bench/sheet-map.ts --rows ${flag('rows', '100000')} --runs ${flag('runs', '3')}\`, ${machineLine()}.`,
        '',
        'Reading + mapping + validation (`openSheet` + `summarizeSheet`, as `validate` runs it) against the raw',
        'parsers. The timed sheet is **all valid** (every row maps: 2 in 3 creates, 1 in 3 updates with a status;',
        'Arabic text, prices, an option); the lines "sheet with errors" run the reading benches\' sheet, where',
        '2 in 3 rows are `create_with_status` errors, against the raw parse of the valid sheet (same size).',
        "Goal: at most 1.5x the raw parse's time.",
        '',
        table,
      ].join('\n'),
    );
  }
}
