/**
 * results.xlsx, streamed with our own XLSX writer (rows are written as they come, so 100k rows
 * never sit in memory): input columns + report columns, header bold and frozen, problem rows
 * filled red, Arabic columns right-to-left. exceljs's streaming writer cost ~215 µs/row here;
 * this one writes each row as one XML string.
 */
import { PROBLEM_OUTCOMES } from '../outcome.ts';
import { AtomicTextStream } from './text-stream.ts';
import { REPORT_COLUMNS } from '../sheet/map/report-columns.ts';
import { neutraliseCell } from '../files/formula-guard.ts';
import { inputColumns, pick, shownRow, type ReportRow } from './report-row.ts';
import { XlsxStreamWriter, type XlsxCellFormat, type XlsxColumn, type XlsxValue } from '../xlsx/index.ts';

const PROBLEM_FILL = 'FFFFC7CE';

/** The report's cell styles: 0 is plain, i + 1 is FORMATS[i]. */
const CELL_STYLE = { plain: 0, header: 1, headerRtl: 2, rtl: 3, problem: 4, problemRtl: 5 } as const;
type CellStyle = (typeof CELL_STYLE)[keyof typeof CELL_STYLE];
const FORMATS: XlsxCellFormat[] = [
  { bold: true },
  { bold: true, rightToLeft: true },
  { rightToLeft: true },
  { fill: PROBLEM_FILL },
  { fill: PROBLEM_FILL, rightToLeft: true },
];

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** A column is right-to-left when its header says Arabic (`*_ar`) or is written in Arabic. */
export function isArabicColumn(header: string): boolean {
  return /_ar$/i.test(header.trim()) || ARABIC.test(header);
}

/** Wide enough for the header, within reason; `message` gets room for the store's sentences. */
function widthFor(header: string): number {
  if (header === 'message') return 50;
  return Math.min(40, Math.max(10, header.length + 2));
}

export class ResultsXlsxWriter {
  private readonly out: AtomicTextStream;
  private readonly keep: number[];
  private readonly sheet: Promise<XlsxStreamWriter>;
  /** The sheet once open: rows then go to it without a promise each. */
  private opened: XlsxStreamWriter | null = null;
  private readonly plainStyles: CellStyle[];
  private readonly problemStyles: CellStyle[];
  private readonly values: XlsxValue[];

  constructor(
    readonly target: string,
    headers: readonly string[],
    modified: Date = new Date(),
  ) {
    const out = new AtomicTextStream(target);
    this.out = out;
    this.keep = inputColumns(headers);
    const shown = [...pick(headers, this.keep), ...REPORT_COLUMNS];
    const rtl = shown.map((h, i) => i < this.keep.length && isArabicColumn(h));
    this.plainStyles = rtl.map((r) => (r ? CELL_STYLE.rtl : CELL_STYLE.plain));
    this.problemStyles = rtl.map((r) => (r ? CELL_STYLE.problemRtl : CELL_STYLE.problem));
    // Right-to-left is also the column's style, so cells typed later into the column follow it.
    this.values = new Array<XlsxValue>(shown.length).fill(null);
    const columns: XlsxColumn[] = shown.map((h, i) => ({ width: widthFor(h), style: this.plainStyles[i]! }));
    this.sheet = (async () => {
      const sheet = await XlsxStreamWriter.open(out, { sheetName: 'results', columns, formats: FORMATS, modified });
      await sheet.row(
        shown.map(neutraliseCell),
        rtl.map((r) => (r ? CELL_STYLE.headerRtl : CELL_STYLE.header)),
      );
      this.opened = sheet;
      return sheet;
    })();
    // A failure here is thrown by the next write/commit; this keeps it from going unhandled first.
    this.sheet.catch(() => undefined);
  }

  /** Rows must come one after another: await a returned promise before the next row. */
  write(row: ReportRow): Promise<void> | undefined {
    // One values array for every row (the sheet turns it into XML at once): no arrays per row.
    const values = this.values;
    const keep = this.keep;
    const cells = row.cells;
    let i = 0;
    for (; i < keep.length; i++) values[i] = neutraliseCell(cells[keep[i]!] ?? '');
    const r = row.result;
    values[i] = shownRow(row);
    values[i + 1] = r.outcome;
    values[i + 2] = neutraliseCell(r.message);
    values[i + 3] = r.httpStatus ?? '';
    values[i + 4] = r.attempts;
    const styles = PROBLEM_OUTCOMES.has(r.outcome) ? this.problemStyles : this.plainStyles;
    if (this.opened) return this.opened.row(values, styles);
    const copy = values.slice();
    return this.sheet.then((sheet) => sheet.row(copy, styles));
  }

  async commit(): Promise<void> {
    await (await this.sheet).finish();
    await this.out.commit();
  }

  async abort(): Promise<void> {
    try {
      (await this.sheet).destroy();
    } catch {
      // The temp file is removed below either way.
    }
    await this.out.abort();
  }
}
