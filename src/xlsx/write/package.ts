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
}

const RTL_ALIGNMENT = '<alignment horizontal="right" readingOrder="2"/>';

/** One cellXfs entry; fonts are 0 plain, 1 bold; fills 0 and 1 are the two Excel reserves. */
function cellXf(format: XlsxCellFormat, fillId: number): string {
  const fontId = format.bold === true ? 1 : 0;
  let applied = '';
  if (format.bold === true) applied += ' applyFont="1"';
  if (fillId !== 0) applied += ' applyFill="1"';
  const rtl = format.rightToLeft === true;
  if (rtl) applied += ' applyAlignment="1"';
  const open = `<xf numFmtId="0" fontId="${fontId}" fillId="${fillId}" borderId="0" xfId="0"${applied}`;
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
  const xfs = [
    cellXf({}, 0),
    ...formats.map((format) => cellXf(format, format.fill === undefined ? 0 : 2 + fills.indexOf(format.fill))),
  ];
  return (
    `${XML}<styleSheet xmlns="${MAIN}">` +
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

/** `filterRange` (e.g. `$A$1:$I$40`): the autofilter's range, which Excel also keeps as a hidden name. */
export function workbookXml(sheetName: string, filterRange: string | null = null): string {
  const quoted = `'${sheetName.replaceAll("'", "''")}'`;
  const names =
    filterRange === null
      ? ''
      : '<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">' +
        `${xmlText(quoted)}!${filterRange}</definedName></definedNames>`;
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
export function sheetHead(columns: readonly XlsxColumn[], freeze: XlsxFreeze): string {
  const cols = columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${c.style === 0 ? '' : ` style="${c.style}"`}/>`,
    )
    .join('');
  return (
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
    `<sheetViews>${sheetView(freeze)}</sheetViews>` +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    '<sheetData>'
  );
}

/** Everything after the last row; `filterRef` (e.g. `A1:I40`) puts an autofilter on that range. */
export function sheetTail(filterRef: string | null): string {
  return `</sheetData>${filterRef === null ? '' : `<autoFilter ref="${filterRef}"/>`}</worksheet>`;
}
