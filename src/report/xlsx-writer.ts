/**
 * results.xlsx, streamed with our own XLSX writer (rows are written as they come, so 100k rows
 * never sit in memory), laid out for a person opening it in Excel: `row`, `outcome`, `message`
 * first, then the input columns, then `http_status` and `attempts`; the header row and those
 * three columns frozen; an autofilter; columns sized from the header and the first rows; numbers
 * stored as numbers, prices with 2 decimals; problem rows filled red; Arabic columns
 * right-to-left; printed landscape, one page wide, the header on every page. Each row becomes one
 * XML string: exceljs's streaming writer, given the same cells and layout, takes 4x the CPU and
 * its memory grows with the rows (bench/xlsx-write.ts).
 */
import { PROBLEM_OUTCOMES } from '../outcome.ts';
import { AtomicTextStream } from './text-stream.ts';
import { neutraliseCell } from '../files/formula-guard.ts';
import { inputColumns, pick, shownRow, type ReportRow } from './report-row.ts';
import { cellWidth, columnWidth, decimalCell, numericCell } from './xlsx-cells.ts';
import { numberColumnsOf, type NumberColumn } from '../sheet/map/number-columns.ts';
import { XlsxStreamWriter, type XlsxCellFormat, type XlsxColumn, type XlsxValue } from '../xlsx/index.ts';

const PROBLEM_FILL = 'FFFFC7CE';

/** The report's cell styles: 0 is plain, i + 1 is FORMATS[i]; numberStyle() names the rest. */
const CELL_STYLE = { plain: 0, header: 1, headerRtl: 2, rtl: 3, problem: 4, problemRtl: 5 } as const;
type CellStyle = number;

/** Decimals a number format is kept for; a number the sheet wrote with more shows as General. */
const MAX_FORMAT_DECIMALS = 6;
/** A price shows at least this many decimals (`190` as 190.00, beside 10.50). */
const PRICE_DECIMALS = 2;

const FORMATS: XlsxCellFormat[] = [
  { bold: true },
  { bold: true, rightToLeft: true },
  { rightToLeft: true },
  { fill: PROBLEM_FILL },
  { fill: PROBLEM_FILL, rightToLeft: true },
  // Number formats with 1 to MAX_FORMAT_DECIMALS decimals, each plain then on a problem row.
  ...Array.from({ length: MAX_FORMAT_DECIMALS }, (_, i) => {
    const numberFormat = `0.${'0'.repeat(i + 1)}`;
    return [{ numberFormat }, { numberFormat, fill: PROBLEM_FILL }];
  }).flat(),
];
/** The style of FORMATS' first number format. */
const FIRST_NUMBER_STYLE = CELL_STYLE.problemRtl + 1;

/** The style of a number shown with `decimals` decimals (1 to MAX_FORMAT_DECIMALS). */
function numberStyle(decimals: number, problem: boolean): CellStyle {
  return FIRST_NUMBER_STYLE + (decimals - 1) * 2 + (problem ? 1 : 0);
}

/**
 * How many decimals a number field's cell shows: a price at least 2; another number the ones
 * the sheet wrote, but only where General would drop them (`1.250`); 0 is General.
 */
function shownDecimals(column: 'price' | 'number', written: number, text: string): number {
  const decimals = column === 'price' ? Math.max(PRICE_DECIMALS, written) : text.endsWith('0') ? written : 0;
  return decimals > MAX_FORMAT_DECIMALS ? 0 : decimals;
}

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
  /** Per input column kept: a price, another number field, or neither. */
  private readonly numbers: NumberColumn[];
  private readonly shown: string[];
  private readonly rtl: boolean[];
  private readonly plainStyles: CellStyle[];
  private readonly problemStyles: CellStyle[];
  private readonly values: XlsxValue[];
  private readonly styles: CellStyle[];
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
    /** The batch's messages are Arabic: the `message` column reads right-to-left too. */
    arabicMessages = false,
  ) {
    this.out = new AtomicTextStream(target);
    this.keep = inputColumns(headers);
    const numbers = numberColumnsOf(headers);
    this.numbers = this.keep.map((i) => numbers[i] ?? null);
    this.shown = [...LEADING, ...pick(headers, this.keep), ...TRAILING];
    const first = LEADING.length;
    const message = LEADING.indexOf('message');
    this.rtl = this.shown.map(
      (h, i) => (arabicMessages && i === message) || (i >= first && i < first + this.keep.length && isArabicColumn(h)),
    );
    this.plainStyles = this.rtl.map((r) => (r ? CELL_STYLE.rtl : CELL_STYLE.plain));
    this.problemStyles = this.rtl.map((r) => (r ? CELL_STYLE.problemRtl : CELL_STYLE.problem));
    this.values = new Array<XlsxValue>(this.shown.length).fill(null);
    this.styles = new Array<CellStyle>(this.shown.length).fill(CELL_STYLE.plain);
    this.widest = this.shown.map(() => 0);
  }

  /** Rows must come one after another: await a returned promise before the next row. */
  write(row: ReportRow): Promise<void> | undefined {
    // One values and one styles array for every row (the sheet turns them into XML at once): no arrays per row.
    const values = this.values;
    const keep = this.keep;
    const cells = row.cells;
    const r = row.result;
    const problem = PROBLEM_OUTCOMES.has(r.outcome);
    const styles = this.styles;
    const rowStyles = problem ? this.problemStyles : this.plainStyles;
    const sampling = this.opened === null;
    values[0] = shownRow(row);
    values[1] = r.outcome;
    values[2] = neutraliseCell(r.message);
    let i = LEADING.length;
    for (let k = 0; k < keep.length; k++, i++) {
      const text = cells[keep[k]!] ?? '';
      const column = this.numbers[k]!;
      const decimal = column === null ? null : decimalCell(text);
      let decimals = 0;
      if (column !== null && decimal !== null) {
        values[i] = decimal.value;
        decimals = shownDecimals(column, decimal.decimals, text);
      } else {
        values[i] = numericCell(text) ?? neutraliseCell(text);
      }
      styles[i] = decimals > 0 ? numberStyle(decimals, problem) : rowStyles[i]!;
      if (sampling) this.widest[i] = Math.max(this.widest[i]!, cellWidth(values[i]!, decimals));
    }
    values[i] = r.httpStatus ?? '';
    values[i + 1] = r.attempts;
    // The report's own columns: before and after the input columns.
    for (let at = 0; at < values.length; at = at === LEADING.length - 1 ? i : at + 1) {
      styles[at] = rowStyles[at]!;
      if (sampling) this.widest[at] = Math.max(this.widest[at]!, cellWidth(values[at]!));
    }
    if (this.opened) return this.opened.row(values, styles);
    return this.sample(values.slice(), styles.slice());
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
        // A price typed into the sheet later shows as the others do.
        style: this.numbers[i - LEADING.length] === 'price' ? numberStyle(PRICE_DECIMALS, false) : this.plainStyles[i]!,
      }));
      const sheet = await XlsxStreamWriter.open(this.out, {
        sheetName: 'results',
        columns,
        formats: FORMATS,
        modified: this.modified,
        freeze: { rows: 1, columns: LEADING.length },
        autoFilter: true,
        print: { landscape: true, fitToWidth: true, titleRows: 1 },
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
