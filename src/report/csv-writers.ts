/**
 * results.csv (every row, input columns + report columns) and failed.csv (problem rows only, in
 * the input's columns + `row`, `outcome`, `message`: a fixed copy syncs again with the same row
 * numbers, and the mapper ignores the two reasons as it ignores every report column).
 * UTF-8 with a BOM so Excel opens Arabic text correctly.
 */
import { PROBLEM_OUTCOMES } from '../outcome.ts';
import { AtomicTextStream } from './text-stream.ts';
import { REPORT_COLUMNS } from '../sheet/map/report-columns.ts';
import { neutraliseCell } from '../files/formula-guard.ts';
import { inputColumns, pick, shownRow, type ReportRow } from './report-row.ts';

const BOM = '\uFEFF';

/** Unicode whitespace as `\s` knows it (a cell starting or ending with it is quoted, so it survives). */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Whether a cell needs quotes: `"`, `,`, CR or LF inside, or whitespace at either end. A scan, not a regex per cell. */
function needsQuotes(cell: string): boolean {
  const last = cell.length - 1;
  if (last < 0) return false;
  if (isSpace(cell.charCodeAt(0)) || isSpace(cell.charCodeAt(last))) return true;
  for (let i = 0; i <= last; i++) {
    const c = cell.charCodeAt(i);
    if (c <= 44 && (c === 34 || c === 44 || c === 13 || c === 10)) return true;
  }
  return false;
}

/** One cell as CSV: neutralised (formula-safe), quoted only when it needs it. */
export function csvCell(value: string): string {
  const cell = neutraliseCell(value);
  return needsQuotes(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** One RFC 4180 line (CRLF). Hand-written: csv-stringify per row cost more than the rest of the row. */
export function csvLine(cells: readonly string[]): string {
  let out = '';
  for (let i = 0; i < cells.length; i++) out += i > 0 ? `,${csvCell(cells[i]!)}` : csvCell(cells[i]!);
  return `${out}\r\n`;
}

/** The input columns `keep` of a row as CSV cells, each followed by a comma. */
function inputCells(cells: readonly string[], keep: readonly number[]): string {
  let out = '';
  for (let i = 0; i < keep.length; i++) out += `${csvCell(cells[keep[i]!] ?? '')},`;
  return out;
}

/** A CSV report file: the header goes out with the first line (or alone at commit). */
class CsvReportFile {
  private readonly out: AtomicTextStream;
  private header: string | null;

  constructor(target: string, header: readonly string[]) {
    this.out = new AtomicTextStream(target);
    this.header = BOM + csvLine(header);
  }

  /** A whole line (CRLF included). A promise only when the caller must wait for the file (see AtomicTextStream.write). */
  writeLine(line: string): Promise<void> | undefined {
    if (this.header === null) return this.out.write(line);
    const header = this.header;
    this.header = null;
    return this.out.write(header + line);
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
    // Row number, outcome, http status and attempts are plain numbers and words: nothing to quote or neutralise.
    return this.writeLine(
      `${inputCells(row.cells, this.keep)}${shownRow(row)},${r.outcome},${csvCell(r.message)},${r.httpStatus ?? ''},${r.attempts}\r\n`,
    );
  }
}

export class FailedCsvWriter extends CsvReportFile {
  private readonly keep: number[];

  constructor(target: string, headers: readonly string[]) {
    const keep = inputColumns(headers);
    super(target, [...pick(headers, keep), 'row', 'outcome', 'message']);
    this.keep = keep;
  }

  write(row: ReportRow): Promise<void> | undefined {
    const r = row.result;
    if (!PROBLEM_OUTCOMES.has(r.outcome)) return undefined;
    return this.writeLine(`${inputCells(row.cells, this.keep)}${shownRow(row)},${r.outcome},${csvCell(r.message)}\r\n`);
  }
}
