/**
 * A streaming one-sheet XLSX writer: rows become XML text (inline strings and numbers, no
 * shared-strings table, so memory stays flat for any row count), gathered as UTF-8 in ~256 KB chunks
 * and deflated as one stream into a ZIP. It writes what a report needs and no more: the cell
 * formats it is given (package.ts), frozen rows and columns, column widths, an autofilter and
 * the print setup.
 * The workbook part goes last: the autofilter's range (a name in it) is known once the rows are.
 */
import { columnLetters } from '../columns.ts';
import { ZipWriter, type ByteSink, type ZipEntryWriter } from '../zip/writer.ts';
import {
  CONTENT_TYPES_XML,
  ROOT_RELS_XML,
  SHEET_PART,
  WORKBOOK_RELS_XML,
  sheetHead,
  sheetTail,
  stylesXml,
  workbookXml,
  type XlsxCellFormat,
  type XlsxColumn,
  type XlsxFreeze,
  type XlsxPrintSetup,
} from './package.ts';
import { Utf8Chunks } from './utf8-chunks.ts';
import { excelCellText, needsPreserve, xmlText } from './xml-text.ts';

export type XlsxValue = string | number | null;

export interface XlsxSheetOptions {
  sheetName: string;
  columns: readonly XlsxColumn[];
  /** Cell formats; style i + 1 in `row` and `columns` is formats[i], style 0 is plain. */
  formats: readonly XlsxCellFormat[];
  /** The files' modification time in the ZIP. */
  modified: Date;
  /** Rows and columns kept in view. @defaultValue nothing frozen */
  freeze?: XlsxFreeze;
  /** An autofilter over every column, from the first row to the last written. @defaultValue false */
  autoFilter?: boolean;
  /** Orientation, scaling and the rows repeated on every printed page. */
  print?: XlsxPrintSetup;
}

export class XlsxStreamWriter {
  private rowNumber = 0;
  private readonly bytes = new Utf8Chunks();
  /** `<c r="` + column letters, per column. */
  private readonly cellStart: string[];

  private constructor(
    private readonly zip: ZipWriter,
    private readonly sheet: ZipEntryWriter,
    private readonly options: XlsxSheetOptions,
  ) {
    this.cellStart = Array.from({ length: options.columns.length }, (_, i) => `<c r="${columnLetters(i)}`);
  }

  static async open(sink: ByteSink, options: XlsxSheetOptions): Promise<XlsxStreamWriter> {
    const zip = new ZipWriter(sink, options.modified);
    await zip.file('[Content_Types].xml', CONTENT_TYPES_XML);
    await zip.file('_rels/.rels', ROOT_RELS_XML);
    await zip.file('xl/_rels/workbook.xml.rels', WORKBOOK_RELS_XML);
    await zip.file('xl/styles.xml', stylesXml(options.formats));
    const sheet = await zip.entry(SHEET_PART);
    const writer = new XlsxStreamWriter(zip, sheet, options);
    writer.bytes.add(sheetHead(options.columns, options.freeze ?? { rows: 0, columns: 0 }, options.print));
    return writer;
  }

  /**
   * Appends the next row; `styles[i]` is the style of cell i. Empty cells are written only when
   * styled. A cell carries its `r` reference only when it does not follow the cell written just
   * before it (the row's first cell, or after a skipped one): readers place an `r`-less cell in
   * the next column, and the sheet is ~15% smaller to build, encode and deflate.
   * Returns a promise only when a chunk went to the deflate stream and the caller must wait.
   */
  row(values: readonly XlsxValue[], styles: readonly number[]): Promise<void> | undefined {
    const n = ++this.rowNumber;
    let xml = `<row r="${n}">`;
    let follows = false;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      const style = styles[i] ?? 0;
      if ((value === null || value === '') && style === 0) {
        follows = false;
        continue;
      }
      let start = follows ? '<c' : `${this.cellStart[i] ?? `<c r="${columnLetters(i)}`}${n}"`;
      if (style !== 0) start += ` s="${style}"`;
      follows = true;
      if (typeof value === 'number' && Number.isFinite(value)) {
        xml += `${start}><v>${value}</v></c>`;
      } else if (value === null || value === '') {
        xml += `${start}/>`;
      } else {
        const text = excelCellText(String(value));
        xml += `${start} t="inlineStr"><is><t${needsPreserve(text) ? ' xml:space="preserve"' : ''}>${xmlText(text)}</t></is></c>`;
      }
    }
    const full = this.bytes.add(`${xml}</row>`);
    return full ? this.sheet.write(full) : undefined;
  }

  /** Ends the sheet, writes the workbook part and the ZIP's central directory. */
  async finish(): Promise<void> {
    const { columns, autoFilter, sheetName, print } = this.options;
    const lastColumn = columnLetters(Math.max(0, columns.length - 1));
    const lastRow = Math.max(1, this.rowNumber);
    const filtered = autoFilter === true && columns.length > 0;
    const full = this.bytes.add(sheetTail(filtered ? `A1:${lastColumn}${lastRow}` : null, print));
    if (full) await this.sheet.write(full);
    const rest = this.bytes.take();
    if (rest) await this.sheet.write(rest);
    await this.sheet.end();
    const filterRange = filtered ? `$A$1:$${lastColumn}$${lastRow}` : null;
    await this.zip.file('xl/workbook.xml', workbookXml(sheetName, filterRange, print?.titleRows));
    await this.zip.finish();
  }

  /** Stops compressing; the caller removes the file. */
  destroy(): void {
    this.sheet.destroy();
  }
}
