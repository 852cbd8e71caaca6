/**
 * results.xlsx of a 100,000-row batch: our own streaming XLSX writer (src/report/xlsx-writer.ts,
 * fed as a batch feeds it) against exceljs's streaming WorkbookWriter given the same rows, the
 * same cell rules (formula guard, numbers, price formats) and the same layout: bold header,
 * frozen header and first three columns, autofilter, widths from the first 200 rows, Arabic
 * columns right to left, problem rows filled red, landscape / one page wide / header on every
 * page. Each case runs in its own process (wall and CPU time, peak RSS), cases interleaved.
 * Before the runs, a few rows written by each are read back with openpyxl
 * (test/report/openpyxl-read.py) to show which parts of the layout each file really has; after
 * them, each writer once more at other row counts, to show whether its memory stays flat.
 *
 *   npx tsx bench/xlsx-write.ts [--rows 100000] [--runs 3] [--memory-rows 20000,300000]
 *
 * Writes its figures to the xlsx-write section of bench/RESULTS.md.
 *
 * exceljs 4.4's streaming writer is not flat in memory: its sheet stream (utils/stream-buf.js)
 * keeps every chunk it passes on, so the sheet's uncompressed XML stays in memory until the file
 * is committed (a probe of 6 short columns: array buffers +0.3 KB a row, 59 MB at 200,000 rows).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { neutraliseCell } from '../src/files/formula-guard.ts';
import { PROBLEM_OUTCOMES, type Outcome } from '../src/outcome.ts';
import { inputColumns, pick, shownRow, type ReportRow } from '../src/report/report-row.ts';
import { cellWidth, columnWidth, decimalCell, numericCell } from '../src/report/xlsx-cells.ts';
import { isArabicColumn, ResultsXlsxWriter, WIDTH_SAMPLE_ROWS } from '../src/report/xlsx-writer.ts';
import { numberColumnsOf } from '../src/sheet/map/number-columns.ts';
import { columnLetters } from '../src/xlsx/index.ts';
import { BENCH_DIR, BENCH_HEADERS, benchRow } from './sheet-read-data.ts';
import { flag, measureInChild, runSheetBench, type Pipeline } from './sheet-read-harness.ts';
import { machineLine, writeSection } from './results-section.ts';

const ROWS_ENV = 'XLSX_WRITE_ROWS';

/** A report row as a batch hands it over: 1 in 10 refused by the store, 1 in 10 invalid. */
function reportRow(i: number): ReportRow {
  const cells = benchRow(i, true).map(String);
  const outcome: Outcome = i % 10 === 0 ? 'failed' : i % 10 === 1 ? 'invalid' : i % 3 === 0 ? 'updated' : 'created';
  const message =
    outcome === 'failed'
      ? 'Category not found'
      : outcome === 'invalid'
        ? 'sale_price: "12.5O" is not a number (expected e.g. 12.50)'
        : '';
  return {
    row: i + 2,
    cells,
    result: { row: i + 2, outcome, message, httpStatus: outcome === 'invalid' ? null : 200, attempts: 1 },
  };
}

async function ours(file: string, rows: number): Promise<number> {
  const writer = new ResultsXlsxWriter(file, BENCH_HEADERS);
  for (let i = 0; i < rows; i++) {
    const pending = writer.write(reportRow(i));
    if (pending) await pending;
  }
  await writer.commit();
  return rows;
}

const RED: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
const RTL: Partial<ExcelJS.Alignment> = { horizontal: 'right', readingOrder: 'rtl' };
const LEADING = 3;

/**
 * results.xlsx through exceljs's streaming writer: the cells and layout ResultsXlsxWriter makes,
 * one style object per kind of cell (exceljs keys its style table by each cell's style).
 */
async function exceljsStream(file: string, rows: number): Promise<number> {
  const keep = inputColumns(BENCH_HEADERS);
  const numbers = numberColumnsOf(BENCH_HEADERS);
  const kinds = keep.map((i) => numbers[i] ?? null);
  const shown = ['row', 'outcome', 'message', ...pick(BENCH_HEADERS, keep), 'http_status', 'attempts'];
  const rtl = shown.map((h, i) => i >= LEADING && i < LEADING + keep.length && isArabicColumn(h));
  const style = (problem: boolean, right: boolean, numFmt?: string): Partial<ExcelJS.Style> => ({
    ...(problem ? { fill: RED } : {}),
    ...(right ? { alignment: RTL } : {}),
    ...(numFmt ? { numFmt } : {}),
  });
  const styles = new Map<string, Partial<ExcelJS.Style>>();
  const styleOf = (problem: boolean, right: boolean, numFmt?: string) => {
    const key = `${problem}|${right}|${numFmt ?? ''}`;
    let found = styles.get(key);
    if (!found) styles.set(key, (found = style(problem, right, numFmt)));
    return found;
  };
  /** A row's values and, per cell, the decimals its number format shows (0: General). */
  const cellsOf = (row: ReportRow): { values: (string | number | null)[]; decimals: number[] } => {
    const message = neutraliseCell(row.result.message);
    const values: (string | number | null)[] = [shownRow(row), row.result.outcome, message || null];
    const decimals = [0, 0, 0];
    keep.forEach((index, k) => {
      const text = row.cells[index] ?? '';
      const kind = kinds[k];
      const decimal = kind ? decimalCell(text) : null;
      if (kind && decimal) {
        const shown = kind === 'price' ? Math.max(2, decimal.decimals) : text.endsWith('0') ? decimal.decimals : 0;
        values.push(decimal.value);
        decimals.push(shown <= 6 ? shown : 0);
      } else {
        // An empty cell is no cell, as in ours (exceljs writes '' as an empty text cell).
        values.push(numericCell(text) ?? (text === '' ? null : neutraliseCell(text)));
        decimals.push(0);
      }
    });
    values.push(row.result.httpStatus, row.result.attempts);
    decimals.push(0, 0);
    return { values, decimals };
  };
  const numFmt = (decimals: number) => (decimals > 0 ? `0.${'0'.repeat(decimals)}` : undefined);

  const tmp = `${file}.tmp`;
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: tmp, useSharedStrings: false, useStyles: true });
  // Widths come before the rows in the file: the first rows wait, as in ResultsXlsxWriter.
  const sample = Array.from({ length: Math.min(rows, WIDTH_SAMPLE_ROWS) }, (_, i) => reportRow(i));
  const widest = shown.map(() => 0);
  for (const row of sample) {
    const { values, decimals } = cellsOf(row);
    values.forEach((v, i) => (widest[i] = Math.max(widest[i]!, cellWidth(v, decimals[i]))));
  }
  const sheet = book.addWorksheet('results', {
    views: [{ state: 'frozen', xSplit: LEADING, ySplit: 1 }],
    pageSetup: {
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '1:1',
      margins: { left: 0.25, right: 0.25, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 },
    },
  });
  sheet.columns = shown.map((header, i) => ({
    width: columnWidth(header, widest[i]!, header === 'message'),
    ...(rtl[i] ? { style: { alignment: RTL } } : {}),
  }));
  const header = sheet.addRow(shown.map(neutraliseCell));
  shown.forEach(
    (_, i) => (header.getCell(i + 1).style = { font: { bold: true }, ...(rtl[i] ? { alignment: RTL } : {}) }),
  );
  header.commit();
  for (let i = 0; i < rows; i++) {
    const row = i < sample.length ? sample[i]! : reportRow(i);
    const { values, decimals } = cellsOf(row);
    const problem = PROBLEM_OUTCOMES.has(row.result.outcome);
    const written = sheet.addRow(values);
    for (let c = 0; c < values.length; c++) {
      const cellStyle = styleOf(problem, rtl[c]!, numFmt(decimals[c]!));
      if (Object.keys(cellStyle).length > 0) written.getCell(c + 1).style = cellStyle;
    }
    written.commit();
  }
  sheet.autoFilter = `A1:${columnLetters(shown.length - 1)}${rows + 1}`;
  sheet.commit();
  await book.commit();
  await rename(tmp, file);
  return rows;
}

const rowsWanted = (): number => Number(process.env[ROWS_ENV] ?? flag('rows', '100000'));
const pipelines: Record<string, Pipeline> = {
  ours: (file) => ours(file, rowsWanted()),
  'exceljs-stream': (file) => exceljsStream(file, rowsWanted()),
};

interface Seen {
  freeze: string | null;
  filter: string | null;
  widths: Record<string, number>;
  page: Record<string, unknown>;
  rows: { value: unknown; type: string; fill: string | null; rtl: boolean; bold: boolean; format: string }[][];
}

/** What openpyxl sees of each file, feature by feature: the layout results.xlsx needs. */
async function layoutTable(dir: string): Promise<string> {
  const python = '/usr/bin/python3';
  if (!existsSync(python)) return 'layout check skipped: /usr/bin/python3 (with openpyxl) not found';
  const reader = join(import.meta.dirname, '../test/report/openpyxl-read.py');
  const seen: Record<string, Seen> = {};
  for (const [name, write] of [
    ['ours', ours],
    ['exceljs-stream', exceljsStream],
  ] as const) {
    const file = join(dir, `layout-${name}.xlsx`);
    await write(file, 12);
    const { stdout } = await promisify(execFile)(python, [reader, file]);
    seen[name] = JSON.parse(stdout) as Seen;
    await rm(file);
  }
  const column = (name: string) =>
    ['row', 'outcome', 'message', ...BENCH_HEADERS, 'http_status', 'attempts'].indexOf(name);
  const checks: [string, (s: Seen) => boolean][] = [
    ['bold header', (s) => s.rows[0]!.every((c) => c.bold)],
    ['header and first 3 columns frozen (D2)', (s) => s.freeze === 'D2'],
    ['autofilter over every row', (s) => s.filter === `A1:${columnLetters(BENCH_HEADERS.length + 4)}13`],
    ['widths from content (title fits its longest)', (s) => (s.widths[columnLetters(column('title'))] ?? 0) >= 22],
    ['Arabic cells right to left', (s) => s.rows.slice(1).every((r) => r[column('title_ar')]!.rtl)],
    [
      'prices numbers with 0.00',
      (s) =>
        s.rows
          .slice(1)
          .every((r) => r[column('sale_price')]!.type === 'n' && r[column('sale_price')]!.format === '0.00'),
    ],
    [
      'problem rows filled red',
      (s) => s.rows[1]!.every((c) => c.fill === 'FFFFC7CE') && s.rows[3]!.every((c) => c.fill === null),
    ],
    ['landscape', (s) => s.page.orientation === 'landscape'],
    [
      'one page wide (fitToPage, 1 x 0)',
      (s) => s.page.fitToPage === true && s.page.fitToWidth === 1 && s.page.fitToHeight === 0,
    ],
    ['header row on every page', (s) => s.page.titleRows === '$1:$1'],
  ];
  const cells = (s: Seen) =>
    JSON.stringify(s.rows.map((r) => r.map((c) => [c.value, c.type, c.format, c.fill, c.rtl])));
  const same = cells(seen.ours!) === cells(seen['exceljs-stream']!);
  const lines = ['| layout (read back by openpyxl, 12 rows) | ours | exceljs-stream |', '|---|---|---|'];
  for (const [label, check] of checks)
    lines.push(`| ${label} | ${check(seen.ours!) ? 'yes' : 'no'} | ${check(seen['exceljs-stream']!) ? 'yes' : 'no'} |`);
  lines.push(
    '',
    `Cell by cell (value, type, number format, fill, reading order) the two files are ${same ? 'the same' : 'different'}.`,
  );
  return lines.join('\n');
}

/** Peak RSS of one run of each writer at each row count (its own process each): flat, or growing with the rows. */
async function memoryTable(dir: string, counts: number[]): Promise<string> {
  const lines = ['| rows | exceljs streaming writer: peak RSS MB | ours: peak RSS MB |', '|---:|---:|---:|'];
  for (const rows of counts) {
    process.env[ROWS_ENV] = String(rows);
    const [theirs, mine] = [
      await measureInChild(process.argv[1]!, 'exceljs-stream', join(dir, 'exceljs.xlsx')),
      await measureInChild(process.argv[1]!, 'ours', join(dir, 'ours.xlsx')),
    ];
    lines.push(`| ${rows.toLocaleString('en-US')} | ${Math.round(theirs.peakRssMb)} | ${Math.round(mine.peakRssMb)} |`);
  }
  const table = lines.join('\n');
  console.log(`\n${table}`);
  return table;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = join(BENCH_DIR, 'xlsx-write');
  const child = process.argv.includes('--child');
  const rows = rowsWanted();
  if (!child) {
    mkdirSync(dir, { recursive: true });
    process.env[ROWS_ENV] = String(rows);
  }
  const layout = child ? '' : await layoutTable(dir);
  if (layout) console.log(layout);
  const table = await runSheetBench(pipelines, () =>
    Promise.resolve([
      { label: 'exceljs streaming writer', pipeline: 'exceljs-stream', file: join(dir, 'exceljs.xlsx') },
      {
        label: 'ours (ResultsXlsxWriter)',
        pipeline: 'ours',
        file: join(dir, 'ours.xlsx'),
        baseline: 'exceljs streaming writer',
      },
    ]),
  );
  if (table !== null) {
    const counts = flag('memory-rows', '20000,300000').split(',').filter(Boolean).map(Number);
    const memory = counts.length > 0 ? await memoryTable(dir, counts) : '';
    const command = ['npx tsx bench/xlsx-write.ts', ...process.argv.slice(2)].join(' ');
    const count = rows.toLocaleString('en-US');
    await writeSection(
      'xlsx-write',
      [
        `\`${command}\`, ${machineLine()}.`,
        `results.xlsx of ${count} report rows (the sheet-read bench's 15 product columns, Arabic title and description; 1 in 10 rows failed, 1 in 10 invalid): our streaming writer against exceljs's streaming WorkbookWriter given the same cells and layout, each in its own process. Wall and CPU seconds cover the whole file, written to disk and renamed into place; the rows are made in the same process, alike for both.`,
        table,
        memory && `Peak RSS at other row counts (one run each; ${count} rows above):\n\n${memory}`,
        layout,
      ]
        .filter(Boolean)
        .join('\n\n'),
    );
  }
}
