/**
 * The fixed parts of a one-sheet XLSX package, styles.xml built from the cell formats a caller
 * names, and the worksheet's opening and closing XML.
 */
import { columnLetters } from '../columns.ts';
import { xmlText } from './xml-text.ts';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

export const SHEET_PART = 'xl/worksheets/sheet1.xml';

/** How a cell looks. Style 0 is always plain; style i + 1 is the i-th format a writer is given. */
export interface XlsxCellFormat {
  bold?: boolean;
  /** Solid fill colour as ARGB hex, e.g. `FFFFC7CE`. */
  fill?: string;
  /** Right-aligned, read right to left (Arabic text). */
  rightToLeft?: boolean;
  /** How a number shows, as an Excel format code (e.g. `0.00`). @defaultValue General */
  numberFormat?: string;
}

const RTL_ALIGNMENT = '<alignment horizontal="right" readingOrder="2"/>';

/** Ids below this are Excel's built-in number formats; a workbook numbers its own from here. */
const FIRST_CUSTOM_FORMAT = 164;

/** One cellXfs entry; fonts are 0 plain, 1 bold; fills 0 and 1 are the two Excel reserves. */
function cellXf(format: XlsxCellFormat, fillId: number, numFmtId: number): string {
  const fontId = format.bold === true ? 1 : 0;
  let applied = numFmtId === 0 ? '' : ' applyNumberFormat="1"';
  if (format.bold === true) applied += ' applyFont="1"';
  if (fillId !== 0) applied += ' applyFill="1"';
  const rtl = format.rightToLeft === true;
  if (rtl) applied += ' applyAlignment="1"';
  const open = `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="${fillId}" borderId="0" xfId="0"${applied}`;
  return rtl ? `${open}>${RTL_ALIGNMENT}</xf>` : `${open}/>`;
}

export function stylesXml(formats: readonly XlsxCellFormat[]): string {
  const fills = [...new Set(formats.flatMap((format) => (format.fill === undefined ? [] : [format.fill])))];
  const fillXml = fills
    .map(
      (rgb) =>
        `<fill><patternFill patternType="solid"><fgColor rgb="${rgb}"/><bgColor indexed="64"/></patternFill></fill>`,
    )
    .join('');
  const codes = [
    ...new Set(formats.flatMap((format) => (format.numberFormat === undefined ? [] : [format.numberFormat]))),
  ];
  const numFmtId = (code: string | undefined) => (code === undefined ? 0 : FIRST_CUSTOM_FORMAT + codes.indexOf(code));
  const numFmts = codes
    .map((code, i) => `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + i}" formatCode="${xmlAttribute(code)}"/>`)
    .join('');
  const xfs = [
    cellXf({}, 0, 0),
    ...formats.map((format) =>
      cellXf(format, format.fill === undefined ? 0 : 2 + fills.indexOf(format.fill), numFmtId(format.numberFormat)),
    ),
  ];
  return (
    `${XML}<styleSheet xmlns="${MAIN}">` +
    (codes.length > 0 ? `<numFmts count="${codes.length}">${numFmts}</numFmts>` : '') +
    '<fonts count="2">' +
    // Plain font names and colours: the package has no theme part for `theme=`/`scheme=` to refer to.
    '<font><sz val="11"/><color rgb="FF000000"/><name val="Calibri"/><family val="2"/></font>' +
    '<font><b/><sz val="11"/><color rgb="FF000000"/><name val="Calibri"/><family val="2"/></font>' +
    '</fonts>' +
    `<fills count="${2 + fills.length}">` +
    '<fill><patternFill patternType="none"/></fill>' +
    '<fill><patternFill patternType="gray125"/></fill>' +
    fillXml +
    '</fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

export const CONTENT_TYPES_XML =
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  `<Override PartName="/${SHEET_PART}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

export const ROOT_RELS_XML =
  `${XML}<Relationships xmlns="${PKG_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

export const WORKBOOK_RELS_XML =
  `${XML}<Relationships xmlns="${PKG_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
  '</Relationships>';

/** Sheet names are attribute values: escape quotes too. */
function xmlAttribute(value: string): string {
  return xmlText(value).replaceAll('"', '&quot;');
}

/**
 * `filterRange` (e.g. `$A$1:$I$40`): the autofilter's range, which Excel also keeps as a hidden
 * name; `titleRows`: how many top rows print on every page, a name too.
 */
export function workbookXml(sheetName: string, filterRange: string | null = null, titleRows = 0): string {
  const quoted = xmlText(`'${sheetName.replaceAll("'", "''")}'`);
  let names = '';
  if (titleRows > 0)
    names += `<definedName name="_xlnm.Print_Titles" localSheetId="0">${quoted}!$1:$${titleRows}</definedName>`;
  if (filterRange !== null)
    names += `<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${quoted}!${filterRange}</definedName>`;
  if (names !== '') names = `<definedNames>${names}</definedNames>`;
  return (
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}">` +
    '<bookViews><workbookView/></bookViews>' +
    `<sheets><sheet name="${xmlAttribute(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
    names +
    '</workbook>'
  );
}

export interface XlsxColumn {
  width: number;
  /** The column's style (see XlsxCellFormat): cells typed later into the column take it. */
  style: number;
}

/** How the sheet prints. @defaultValue Excel's: portrait, at 100%, no row repeated */
export interface XlsxPrintSetup {
  landscape?: boolean;
  /** Scaled down to the page's width, as many pages down as the rows need. */
  fitToWidth?: boolean;
  /** Top rows (the header) printed again on every page. */
  titleRows?: number;
}

/** Rows and columns that stay in view while the rest scrolls (the header row, the first columns). */
export interface XlsxFreeze {
  rows: number;
  columns: number;
}

/** The sheet view: a frozen pane when anything is frozen (Excel wants one selection per pane). */
function sheetView(freeze: XlsxFreeze): string {
  const { rows, columns } = freeze;
  if (rows === 0 && columns === 0) return '<sheetView workbookViewId="0"/>';
  const topLeft = `${columnLetters(columns)}${rows + 1}`;
  const active = rows > 0 && columns > 0 ? 'bottomRight' : rows > 0 ? 'bottomLeft' : 'topRight';
  const split = `${columns > 0 ? ` xSplit="${columns}"` : ''}${rows > 0 ? ` ySplit="${rows}"` : ''}`;
  const others = active === 'bottomRight' ? '<selection pane="topRight"/><selection pane="bottomLeft"/>' : '';
  return (
    '<sheetView workbookViewId="0">' +
    `<pane${split} topLeftCell="${topLeft}" activePane="${active}" state="frozen"/>` +
    `${others}<selection pane="${active}" activeCell="${topLeft}" sqref="${topLeft}"/>` +
    '</sheetView>'
  );
}

/** Everything before the first row: frozen panes and column widths/styles. */
export function sheetHead(columns: readonly XlsxColumn[], freeze: XlsxFreeze, print: XlsxPrintSetup = {}): string {
  const cols = columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${c.style === 0 ? '' : ` style="${c.style}"`}/>`,
    )
    .join('');
  return (
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
    (print.fitToWidth === true ? '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>' : '') +
    `<sheetViews>${sheetView(freeze)}</sheetViews>` +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    '<sheetData>'
  );
}

/**
 * Excel's "Narrow" margins (inches): a report fitted to the page's width gets the most of it.
 * Excel writes margins with every page setup, and some readers expect them there.
 */
const NARROW_MARGINS = '<pageMargins left="0.25" right="0.25" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>';

/** The page setup after the rows; fitToHeight 0 lets the rows run onto as many pages as they need. */
function pageSetup(print: XlsxPrintSetup): string {
  let attributes = '';
  if (print.landscape === true) attributes += ' orientation="landscape"';
  if (print.fitToWidth === true) attributes += ' fitToWidth="1" fitToHeight="0"';
  return attributes === '' ? '' : `${NARROW_MARGINS}<pageSetup${attributes}/>`;
}

/** Everything after the last row; `filterRef` (e.g. `A1:I40`) puts an autofilter on that range. */
export function sheetTail(filterRef: string | null, print: XlsxPrintSetup = {}): string {
  return `</sheetData>${filterRef === null ? '' : `<autoFilter ref="${filterRef}"/>`}${pageSetup(print)}</worksheet>`;
}
