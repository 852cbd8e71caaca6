/**
 * results.csv (every row, input columns + report columns) and failed.csv (problem rows only, in
 * the input's columns + a trailing `row`, so a fixed copy syncs again with the same row numbers).
 * UTF-8 with a BOM so Excel opens Arabic text correctly.
 */
import { PROBLEM_OUTCOMES } from '../sync/outcome.ts';
import { AtomicTextStream } from './atomic-file.ts';
import { REPORT_COLUMNS } from './columns.ts';
import { neutraliseCell } from './neutralise.ts';
import { inputColumns, pick, shownRow, type ReportRow } from './report-row.ts';

const BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One RFC 4180 line (CRLF). Hand-written: csv-stringify per row cost more than the rest of the row. */
export function csvLine(cells: readonly string[]): string {
  let out = '';
  for (let i = 0; i < cells.length; i++) {
    const cell = neutraliseCell(cells[i]!);
    if (i > 0) out += ',';
    out += NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  }
  return `${out}\r\n`;
}

/** A CSV report file: the header goes out with the first line (or alone at commit). */
class CsvReportFile {
  private readonly out: AtomicTextStream;
  private header: string | null;

  constructor(target: string, header: readonly string[]) {
    this.out = new AtomicTextStream(target);
    this.header = BOM + csvLine(header);
  }

  /** A promise only when the caller must wait for the file (see AtomicTextStream.write). */
  writeLine(cells: readonly string[]): Promise<void> | undefined {
    const header = this.header ?? '';
    this.header = null;
    return this.out.write(header + csvLine(cells));
  }

  async commit(): Promise<void> {
    if (this.header !== null) await this.out.write(this.header);
    this.header = null;
    await this.out.commit();
  }

  abort(): Promise<void> {
    return this.out.abort();
  }
}

export class ResultsCsvWriter extends CsvReportFile {
  private readonly keep: number[];

  constructor(target: string, headers: readonly string[]) {
    const keep = inputColumns(headers);
    super(target, [...pick(headers, keep), ...REPORT_COLUMNS]);
    this.keep = keep;
  }

  write(row: ReportRow): Promise<void> | undefined {
    const r = row.result;
    return this.writeLine([...pick(row.cells, this.keep), String(shownRow(row)), r.outcome, r.message, r.httpStatus === null ? '' : String(r.httpStatus), String(r.attempts)]);
  }
}

export class FailedCsvWriter extends CsvReportFile {
  private readonly keep: number[];

  constructor(target: string, headers: readonly string[]) {
    const keep = inputColumns(headers);
    super(target, [...pick(headers, keep), 'row']);
    this.keep = keep;
  }

  write(row: ReportRow): Promise<void> | undefined {
    if (!PROBLEM_OUTCOMES.has(row.result.outcome)) return undefined;
    return this.writeLine([...pick(row.cells, this.keep), String(shownRow(row))]);
  }
}
