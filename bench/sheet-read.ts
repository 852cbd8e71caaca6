/**
 * Reading 100,000-row CSV and XLSX product sheets: raw csv-parse and the raw exceljs streaming
 * reader (baselines) against our readSheetFile on the same files, in the same run.
 *
 *   npx tsx bench/sheet-read.ts [--rows 100000] [--runs 3] [--pipeline read]
 *
 * A sibling bench (mapping + validation) can reuse this: export its own pipeline, pass
 * `{ ...readPipelines, map: mapPipeline }` to runSheetBench with `sheetReadCases('map')`.
 */
import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { readSheetFile } from '../src/sheet/read/index.ts';
import { ensureBenchFiles } from './sheet-read-data.ts';
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
};

/** Baselines plus `pipeline` (ours) on the CSV and the XLSX file. */
export function sheetReadCases(pipeline: string): () => Promise<BenchCase[]> {
  return async () => {
    const { csv, xlsx } = await ensureBenchFiles(Number(flag('rows', '100000')));
    return [
      { label: 'csv: raw csv-parse', pipeline: 'csv-parse', file: csv },
      { label: `csv: ${pipeline}`, pipeline, file: csv, baseline: 'csv: raw csv-parse' },
      { label: 'xlsx: raw exceljs stream', pipeline: 'exceljs-stream', file: xlsx },
      { label: `xlsx: ${pipeline}`, pipeline, file: xlsx, baseline: 'xlsx: raw exceljs stream' },
    ];
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runSheetBench(readPipelines, sheetReadCases(flag('pipeline', 'read')));
}
