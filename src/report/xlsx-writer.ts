/**
 * results.xlsx, streamed with our own XLSX writer (rows are written as they come, so 100k rows
 * never sit in memory), laid out for a person opening it in Excel: `row`, `outcome`, `message`
 * first, then the input columns, then `http_status` and `attempts`; the header row and those
 * three columns frozen; an autofilter; columns sized from the header and the first rows; numbers
 * stored as numbers; problem rows filled red; Arabic columns right-to-left. exceljs's streaming
 * writer cost ~215 µs/row here; this one writes each row as one XML string.
 */
import { PROBLEM_OUTCOMES } from '../outcome.ts';
import { AtomicTextStream } from './text-stream.ts';
import { neutraliseCell } from '../files/formula-guard.ts';
import { inputColumns, pick, shownRow, type ReportRow } from './report-row.ts';
import { cellWidth, columnWidth, numericCell } from './xlsx-cells.ts';
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

/** Columns before the input columns, kept in view with the header row. */
const LEADING = ['row', 'outcome', 'message'] as const;
const TRAILING = ['http_status', 'attempts'] as const;

/**
 * Rows whose cells size the columns. They wait in memory until then (the sheet's column widths
 * come before its rows in the file); a report shorter than this is sized from all its rows.
 */
export const WIDTH_SAMPLE_ROWS = 200;

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** A column is right-to-left when its header says Arabic (`*_ar`) or is written in Arabic. */
export function isArabicColumn(header: string): boolean {
  return /_ar$/i.test(header.trim()) || ARABIC.test(header);
}

interface Pending {
  values: XlsxValue[];
  styles: readonly CellStyle[];
}

export class ResultsXlsxWriter {
  private readonly out: AtomicTextStream;
  private readonly keep: number[];
  private readonly shown: string[];
  private readonly rtl: boolean[];
  private readonly plainStyles: CellStyle[];
  private readonly problemStyles: CellStyle[];
  private readonly values: XlsxValue[];
  /** Widest cell seen per column while sampling. */
  private readonly widest: number[];
  /** Sampled rows not yet written. */
  private pending: Pending[] | null = [];
  /** The sheet once open: rows then go to it without a promise each. */
  private opened: XlsxStreamWriter | null = null;
  private opening: Promise<XlsxStreamWriter> | null = null;

  constructor(
    readonly target: string,
    headers: readonly string[],
    private readonly modified: Date = new Date(),
  ) {
    this.out = new AtomicTextStream(target);
    this.keep = inputColumns(headers);
    this.shown = [...LEADING, ...pick(headers, this.keep), ...TRAILING];
    const first = LEADING.length;
    this.rtl = this.shown.map((h, i) => i >= first && i < first + this.keep.length && isArabicColumn(h));
    this.plainStyles = this.rtl.map((r) => (r ? CELL_STYLE.rtl : CELL_STYLE.plain));
    this.problemStyles = this.rtl.map((r) => (r ? CELL_STYLE.problemRtl : CELL_STYLE.problem));
    this.values = new Array<XlsxValue>(this.shown.length).fill(null);
    this.widest = this.shown.map(() => 0);
  }

  /** Rows must come one after another: await a returned promise before the next row. */
  write(row: ReportRow): Promise<void> | undefined {
    // One values array for every row (the sheet turns it into XML at once): no arrays per row.
    const values = this.values;
    const keep = this.keep;
    const cells = row.cells;
    const r = row.result;
    values[0] = shownRow(row);
    values[1] = r.outcome;
    values[2] = neutraliseCell(r.message);
    let i = LEADING.length;
    for (let k = 0; k < keep.length; k++, i++) {
      const text = cells[keep[k]!] ?? '';
      values[i] = numericCell(text) ?? neutraliseCell(text);
    }
    values[i] = r.httpStatus ?? '';
    values[i + 1] = r.attempts;
    const styles = PROBLEM_OUTCOMES.has(r.outcome) ? this.problemStyles : this.plainStyles;
    if (this.opened) return this.opened.row(values, styles);
    return this.sample(values.slice(), styles);
  }

  async commit(): Promise<void> {
    const sheet = await this.open();
    await sheet.finish();
    await this.out.commit();
  }

  async abort(): Promise<void> {
    try {
      this.opened?.destroy();
      if (!this.opened && this.opening) (await this.opening).destroy();
    } catch {
      // The temp file is removed below either way.
    }
    await this.out.abort();
  }

  private sample(values: XlsxValue[], styles: readonly CellStyle[]): Promise<void> | undefined {
    if (this.pending === null) return this.open().then((sheet) => sheet.row(values, styles));
    values.forEach((value, i) => {
      this.widest[i] = Math.max(this.widest[i]!, cellWidth(value));
    });
    this.pending.push({ values, styles });
    if (this.pending.length < WIDTH_SAMPLE_ROWS) return undefined;
    return this.open().then(() => undefined);
  }

  /** Opens the sheet once, sized from the sample, and writes the sampled rows. */
  private open(): Promise<XlsxStreamWriter> {
    this.opening ??= (async () => {
      const pending = this.pending ?? [];
      this.pending = null;
      const columns: XlsxColumn[] = this.shown.map((header, i) => ({
        width: columnWidth(header, this.widest[i]!, header === 'message'),
        style: this.plainStyles[i]!,
      }));
      const sheet = await XlsxStreamWriter.open(this.out, {
        sheetName: 'results',
        columns,
        formats: FORMATS,
        modified: this.modified,
        freeze: { rows: 1, columns: LEADING.length },
        autoFilter: true,
      });
      await sheet.row(
        this.shown.map(neutraliseCell),
        this.rtl.map((r) => (r ? CELL_STYLE.headerRtl : CELL_STYLE.header)),
      );
      for (const row of pending) await sheet.row(row.values, row.styles);
      this.opened = sheet;
      return sheet;
    })();
    return this.opening;
  }
}
