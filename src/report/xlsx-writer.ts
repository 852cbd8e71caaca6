/**
 * results.xlsx with exceljs's streaming writer (rows are committed as they come, so 100k rows
 * never sit in memory): input columns + report columns, header frozen, problem rows filled red,
 * Arabic columns right-to-left. Inline strings (no shared-strings table) keep memory flat.
 */
import ExcelJS from 'exceljs';
import { rename, rm } from 'node:fs/promises';
import { PROBLEM_OUTCOMES } from '../sync/outcome.ts';
import { tempPathFor } from './atomic-file.ts';
import { REPORT_COLUMNS } from './columns.ts';
import { neutraliseCell } from './neutralise.ts';
import { inputColumns, pick, shownRow, type ReportRow } from './report-row.ts';

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;
const PROBLEM_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
const RTL: Partial<ExcelJS.Alignment> = { readingOrder: 'rtl', horizontal: 'right' };

/** A column is right-to-left when its header says Arabic (`*_ar`) or is written in Arabic. */
export function isArabicColumn(header: string): boolean {
  return /_ar$/i.test(header.trim()) || ARABIC.test(header);
}

export class ResultsXlsxWriter {
  private readonly temp: string;
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private readonly keep: number[];
  private readonly rtl: boolean[];

  constructor(
    readonly target: string,
    headers: readonly string[],
  ) {
    this.temp = tempPathFor(target);
    // Fast deflate: the report is written while rows sync, so CPU matters more than a few KB.
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: this.temp, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
    this.sheet = this.workbook.addWorksheet('results', { views: [{ state: 'frozen', ySplit: 1 }] });
    this.keep = inputColumns(headers);
    const shown = [...pick(headers, this.keep), ...REPORT_COLUMNS];
    this.rtl = shown.map((h, i) => i < this.keep.length && isArabicColumn(h));
    // Right-to-left as a column style: every cell of the column inherits it at no per-cell cost.
    this.sheet.columns = shown.map((_, i) => (this.rtl[i] ? { style: { alignment: RTL } } : {}));
    const header = this.sheet.addRow(shown.map(neutraliseCell));
    header.font = { bold: true };
    header.commit();
  }

  write(row: ReportRow): void {
    const r = row.result;
    const values: (string | number)[] = [
      ...pick(row.cells, this.keep).map(neutraliseCell),
      shownRow(row),
      r.outcome,
      neutraliseCell(r.message),
      r.httpStatus ?? '',
      r.attempts,
    ];
    const added = this.sheet.addRow(values);
    if (PROBLEM_OUTCOMES.has(r.outcome)) {
      for (let i = 1; i <= values.length; i++) added.getCell(i).fill = PROBLEM_FILL;
    }
    added.commit();
  }

  async commit(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
    await rename(this.temp, this.target);
  }

  async abort(): Promise<void> {
    try {
      await this.workbook.commit();
    } catch {
      // The temp file is removed below either way.
    }
    await rm(this.temp, { force: true });
  }
}
