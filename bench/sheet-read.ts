/**
 * Reading 100,000-row CSV and XLSX product sheets: raw csv-parse and the raw exceljs streaming
 * reader (baselines) against our readSheetFile on the same files, in the same run.
 *
 *   npx tsx bench/sheet-read.ts [--rows 100000] [--runs 3] [--pipeline read]
 *
 * Also a ~1 MB zip bomb (bench/zip-bomb-data.ts): our reader refusing it, against the same reader
 * with the bomb guard (XlsxLimits.maxRatio) off, which stops only at its memory limits.
 * Writes its figures between the markers in the sheet-read section of bench/RESULTS.md.
 *
 * A sibling bench (mapping + validation) can reuse this: export its own pipeline, pass
 * `{ ...readPipelines, map: mapPipeline }` to runSheetBench with `sheetReadCases('map')`.
 */
import { createReadStream, existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { readSheetFile } from '../src/sheet/read/index.ts';
import { SheetFileError } from '../src/sheet/types.ts';
import { ensureBenchFiles } from './sheet-read-data.ts';
import { ensureZipBomb } from './zip-bomb-data.ts';
import { flag, runSheetBench } from './sheet-read-harness.ts';
import type { BenchCase, Pipeline } from './sheet-read-harness.ts';

export const readPipelines: Record<string, Pipeline> = {
  async 'csv-parse'(file) {
    let rows = -1; // the header
    const parser = createReadStream(file).pipe(parse({ bom: true, relax_column_count: true }));
    for await (const _record of parser) rows++;
    return rows;
  },
  async 'exceljs-stream'(file) {
    let rows = -1;
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
      sharedStrings: 'cache',
      worksheets: 'emit',
      hyperlinks: 'ignore',
      styles: 'cache',
    });
    for await (const worksheet of reader) for await (const _row of worksheet) rows++;
    return rows;
  },
  async read(file) {
    const reader = await readSheetFile(file);
    let rows = 0;
    for await (const _row of reader.rows) rows++;
    return rows;
  },
  /** The bomb must be refused as a file error; the rows read are 0. */
  async refuse(file) {
    return refused(() => readSheetFile(file));
  },
  async 'refuse-unguarded'(file) {
    return refused(() => readSheetFile(file, { limits: { maxRatio: Number.POSITIVE_INFINITY } }));
  },
};

async function refused(open: () => ReturnType<typeof readSheetFile>): Promise<number> {
  try {
    const reader = await open();
    for await (const _row of reader.rows);
  } catch (error) {
    if (error instanceof SheetFileError) return 0;
    throw error;
  }
  throw new Error('the zip bomb was read without an error');
}

/** Baselines plus `pipeline` (ours) on the CSV and the XLSX file. */
export function sheetReadCases(pipeline: string): () => Promise<BenchCase[]> {
  return async () => {
    const { csv, xlsx } = await ensureBenchFiles(Number(flag('rows', '100000')));
    const bomb = await ensureZipBomb();
    return [
      { label: 'csv: raw csv-parse', pipeline: 'csv-parse', file: csv },
      { label: `csv: ${pipeline}`, pipeline, file: csv, baseline: 'csv: raw csv-parse' },
      { label: 'xlsx: raw exceljs stream', pipeline: 'exceljs-stream', file: xlsx },
      { label: `xlsx: ${pipeline}`, pipeline, file: xlsx, baseline: 'xlsx: raw exceljs stream' },
      { label: 'zip bomb: bomb guard off', pipeline: 'refuse-unguarded', file: bomb },
      { label: 'zip bomb: refused', pipeline: 'refuse', file: bomb, baseline: 'zip bomb: bomb guard off' },
    ];
  };
}

const START = '<!-- sheet-read: latest run, written by bench/sheet-read.ts -->';
const END = '<!-- sheet-read: end of latest run -->';

/** The latest run between the markers of the sheet-read section; the notes around them stay. */
async function writeResults(table: string): Promise<void> {
  const path = 'bench/RESULTS.md';
  const command = `npx tsx bench/sheet-read.ts ${process.argv.slice(2).join(' ')}`.trim();
  const [one, five] = loadavg();
  const block = [
    START,
    `\`${command}\` — ${new Date().toISOString().slice(0, 10)}, ${availableParallelism()} cores, load average ${one!.toFixed(1)} (1 min) / ${five!.toFixed(1)} (5 min) at the end`,
    '',
    table,
    END,
  ].join('\n');
  const before = existsSync(path) ? await readFile(path, 'utf8') : '# Bench results\n';
  const at = before.indexOf(START);
  const end = before.indexOf(END);
  let after: string;
  if (at !== -1 && end > at) after = before.slice(0, at) + block + before.slice(end + END.length);
  else if (before.includes('\n## sheet-read\n'))
    after = before.replace('\n## sheet-read\n', `\n## sheet-read\n${block}\n\n`);
  else after = `${before.trimEnd()}\n\n## sheet-read\n${block}\n`;
  await writeFile(path, after);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const table = await runSheetBench(readPipelines, sheetReadCases(flag('pipeline', 'read')));
  if (table !== null && flag('pipeline', 'read') === 'read') await writeResults(table);
}
