/**
 * Batch reports of thousands of rows: every row in order (Arabic, quoted and formula-like cells),
 * batches written at once kept apart, and no temp file left by a failure or an abort.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { BatchReportWriter } from '../../src/report/batch-report.ts';
import { neutraliseCell } from '../../src/files/formula-guard.ts';
import type { ReportRow } from '../../src/report/report-row.ts';
import { readSheetFile } from '../../src/sheet/read/index.ts';
import { PROBLEM_OUTCOMES, type Outcome } from '../../src/outcome.ts';
import { emptyCounts } from '../../src/outcome.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { useTempDir } from '../helpers/use-world.ts';
import { REPORT_FILES } from './report-files.ts';

const tmp = useTempDir('report-many');

const headers = ['title', 'title_ar', 'note'];
const outcomes: Outcome[] = ['created', 'skipped', 'invalid', 'updated', 'failed', 'unknown', 'unchanged'];

/** Rows of a sheet: Arabic text, cells CSV must quote (comma, quote, newline), a formula-like cell. */
function rowsFor(count: number, tag: string): ReportRow[] {
  return Array.from({ length: count }, (_, i) => {
    const outcome = outcomes[i % outcomes.length]!;
    return {
      row: i + 2,
      cells: [
        `${tag} item ${i}`,
        `منتج رقم ${i} بجودة عالية`,
        i % 3 === 0 ? `has, comma "and" quotes\nline ${i}` : i % 5 === 0 ? `=SUM(A${i})` : '',
      ],
      result: { row: i + 2, outcome, message: `${tag} message ${i}`, httpStatus: i % 2 ? 200 : null, attempts: i % 3 },
    };
  });
}

function summary(reportDir: string, total: number): BatchSummary {
  return {
    batchId: 'b',
    source: 'test',
    file: 'x.csv',
    kind: 'products',
    total,
    counts: emptyCounts(),
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
    rate: 5,
    reportDir,
  };
}

async function writeAll(writer: BatchReportWriter, rows: readonly ReportRow[]): Promise<void> {
  for (const row of rows) await writer.write(row);
}

function csvRecords(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text.slice(1), { relax_column_count: true });
}

async function expectReport(out: string, rows: readonly ReportRow[]): Promise<void> {
  expect((await readdir(out)).sort()).toEqual(REPORT_FILES);
  const results = csvRecords(await readFile(join(out, 'results.csv'), 'utf8'));
  expect(results[0]).toEqual([...headers, 'row', 'outcome', 'message', 'http_status', 'attempts']);
  expect(results.slice(1)).toEqual(
    rows.map((r) => [
      ...r.cells.map(neutraliseCell),
      String(r.row),
      r.result.outcome,
      r.result.message,
      r.result.httpStatus === null ? '' : String(r.result.httpStatus),
      String(r.result.attempts),
    ]),
  );
  const failed = csvRecords(await readFile(join(out, 'failed.csv'), 'utf8'));
  expect(failed.slice(1)).toEqual(
    rows
      .filter((r) => PROBLEM_OUTCOMES.has(r.result.outcome))
      .map((r) => [...r.cells.map(neutraliseCell), String(r.row), r.result.outcome, r.result.message]),
  );
  const reader = await readSheetFile(join(out, 'results.xlsx'));
  const titles: unknown[] = [];
  // results.xlsx puts row, outcome and message first: the title is the fourth column.
  for await (const raw of reader.rows) titles.push(raw.values[3]);
  expect(titles).toEqual(rows.map((r) => r.cells[0]));
}

async function leftovers(out: string): Promise<string[]> {
  return (await readdir(out)).filter((name) => name.endsWith('.tmp') || name === 'summary.json');
}

describe('BatchReportWriter with many rows', () => {
  it('writes every row in order for a batch of many chunks (Arabic, quoted cells)', async () => {
    const out = join(tmp.dir, 'big');
    const rows = rowsFor(5_000, 'big');
    const writer = await BatchReportWriter.open(out, headers);
    await writeAll(writer, rows);
    await writer.finish(summary(out, rows.length));
    await expectReport(out, rows);
    expect(JSON.parse(await readFile(join(out, 'summary.json'), 'utf8'))).toMatchObject({ total: 5_000 });
  });

  it('writes all four files for a batch without rows', async () => {
    const out = join(tmp.dir, 'empty');
    const writer = await BatchReportWriter.open(out, headers);
    await writer.finish(summary(out, 0));
    await expectReport(out, []);
  });

  it('keeps two batches written at the same time apart', async () => {
    const [outA, outB] = [join(tmp.dir, 'a'), join(tmp.dir, 'b')];
    const [rowsA, rowsB] = [rowsFor(3_000, 'A'), rowsFor(2_500, 'B')];
    const [a, b] = await Promise.all([BatchReportWriter.open(outA, headers), BatchReportWriter.open(outB, headers)]);
    for (let i = 0; i < rowsA.length; i++) {
      await a.write(rowsA[i]!);
      if (i < rowsB.length) await b.write(rowsB[i]!);
    }
    await Promise.all([a.finish(summary(outA, rowsA.length)), b.finish(summary(outB, rowsB.length))]);
    await expectReport(outA, rowsA);
    await expectReport(outB, rowsB);
  });

  it('rejects finish with the file error and leaves no temp file and no summary.json', async () => {
    const out = join(tmp.dir, 'blocked');
    // A directory where results.xlsx should go: the rename at commit fails (as root too).
    await mkdir(join(out, 'results.xlsx'), { recursive: true });
    const writer = await BatchReportWriter.open(out, headers);
    await writeAll(writer, rowsFor(3_000, 'x'));
    await expect(writer.finish(summary(out, 3_000))).rejects.toThrow(/results\.xlsx/);
    expect(await leftovers(out)).toEqual([]);
    await expect(writer.write(rowsFor(1, 'x')[0]!)).rejects.toThrow(/results\.xlsx/);
    await writer.abort();
  });

  it('rejects open when the report dir cannot be created', async () => {
    await writeFile(join(tmp.dir, 'a-file'), 'x');
    await expect(BatchReportWriter.open(join(tmp.dir, 'a-file', 'batch'), headers)).rejects.toThrow(/ENOTDIR|EEXIST/);
  });

  it('leaves no file behind when aborted part-way through many chunks', async () => {
    const out = join(tmp.dir, 'aborted');
    const writer = await BatchReportWriter.open(out, headers);
    await writeAll(writer, rowsFor(4_000, 'x'));
    await writer.abort();
    expect(await readdir(out)).toEqual([]);
  });
});
