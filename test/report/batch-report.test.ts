import ExcelJS from 'exceljs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BatchReportWriter } from '../../src/report/batch-report.ts';
import type { ReportRow } from '../../src/report/report-row.ts';
import { emptyCounts } from '../../src/outcome.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { useTempDir } from '../helpers/use-world.ts';
import { REPORT_FILES } from './report-files.ts';

const tmp = useTempDir('report');

const headers = ['title', 'title_ar', 'sale_price', 'row'];
const rows: ReportRow[] = [
  {
    row: 2,
    originalRow: 10,
    cells: ['Tea', 'شاي', '5', '10'],
    result: { row: 2, outcome: 'created', message: 'Product created', httpStatus: 200, attempts: 1 },
  },
  {
    row: 3,
    originalRow: 11,
    cells: ['=HYPERLINK("x")', 'قهوة', '-5', '11'],
    result: { row: 3, outcome: 'invalid', message: 'sale_price: must be >= 0', httpStatus: null, attempts: 0 },
  },
  {
    row: 4,
    cells: ['@cmd', '', '7', ''],
    result: { row: 4, outcome: 'unknown', message: 'timeout', httpStatus: 500, attempts: 2 },
  },
];

function summary(reportDir: string): BatchSummary {
  return {
    batchId: 'b1',
    source: 'test',
    file: 'x.csv',
    kind: 'products',
    total: 3,
    counts: { ...emptyCounts(), created: 1, invalid: 1, unknown: 1 },
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
    rate: 5,
    rerunOf: 'b0',
    reportDir,
  };
}

describe('BatchReportWriter', () => {
  it('writes results.csv, failed.csv, results.xlsx and summary.json atomically', async () => {
    const out = join(tmp.dir, 'b1');
    const writer = await BatchReportWriter.open(out, headers);
    for (const row of rows) await writer.write(row);
    await writer.finish(summary(out));

    expect((await readdir(out)).sort()).toEqual(REPORT_FILES);
    const csv = await readFile(join(out, 'results.csv'), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'title,title_ar,sale_price,row,outcome,message,http_status,attempts',
      'Tea,شاي,5,10,created,Product created,200,1',
      `"'=HYPERLINK(""x"")",قهوة,-5,11,invalid,sale_price: must be >= 0,,0`,
      "'@cmd,,7,4,unknown,timeout,500,2",
      '',
    ]);
    const failed = await readFile(join(out, 'failed.csv'), 'utf8');
    expect(failed.slice(1).split('\r\n')).toEqual([
      'title,title_ar,sale_price,row,outcome,message',
      `"'=HYPERLINK(""x"")",قهوة,-5,11,invalid,sale_price: must be >= 0`,
      "'@cmd,,7,4,unknown,timeout",
      '',
    ]);
    const json = JSON.parse(await readFile(join(out, 'summary.json'), 'utf8')) as BatchSummary;
    expect(json).toMatchObject({
      batchId: 'b1',
      total: 3,
      rerunOf: 'b0',
      counts: { created: 1, invalid: 1, unknown: 1 },
    });

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(out, 'results.xlsx'));
    const sheet = book.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, xSplit: 3 });
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'row',
      'outcome',
      'message',
      'title',
      'title_ar',
      'sale_price',
      'http_status',
      'attempts',
    ]);
    expect(sheet.getRow(2).getCell(5).value).toBe('شاي');
    expect(sheet.getRow(2).getCell(5).alignment).toMatchObject({ readingOrder: 'rtl' });
    expect(sheet.getRow(3).getCell(4).value).toBe(`'=HYPERLINK("x")`);
    expect(sheet.getRow(3).getCell(4).fill).toMatchObject({ type: 'pattern' });
    expect(sheet.getRow(2).getCell(4).fill).toBeUndefined();
    expect(sheet.getRow(4).getCell(2).value).toBe('unknown');
  });

  it('leaves no file behind when aborted', async () => {
    const out = join(tmp.dir, 'b2');
    const writer = await BatchReportWriter.open(out, headers);
    await writer.write(rows[0]!);
    await writer.abort();
    expect(await readdir(out)).toEqual([]);
  });
});
