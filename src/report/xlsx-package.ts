/**
 * The fixed parts of a one-sheet XLSX package and the worksheet's opening and closing XML.
 * styles.xml holds exactly the formats the results report uses; CELL_STYLE names their indexes.
 */
import { xmlText } from './xlsx-xml.ts';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

export const SHEET_PART = 'xl/worksheets/sheet1.xml';

/** Indexes into styles.xml's cellXfs. */
export const CELL_STYLE = {
  plain: 0,
  header: 1,
  headerRtl: 2,
  rtl: 3,
  problem: 4,
  problemRtl: 5,
} as const;

export type CellStyle = (typeof CELL_STYLE)[keyof typeof CELL_STYLE];

const RTL_ALIGNMENT = '<alignment horizontal="right" readingOrder="2"/>';

export const STYLES_XML =
  `${XML}<styleSheet xmlns="${MAIN}">` +
  '<fonts count="2">' +
  // Plain font names and colours: the package has no theme part for `theme=`/`scheme=` to refer to.
  '<font><sz val="11"/><color rgb="FF000000"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><color rgb="FF000000"/><name val="Calibri"/><family val="2"/></font>' +
  '</fonts>' +
  '<fills count="3">' +
  '<fill><patternFill patternType="none"/></fill>' +
  '<fill><patternFill patternType="gray125"/></fill>' +
  '<fill><patternFill patternType="solid"><fgColor rgb="FFFFC7CE"/><bgColor indexed="64"/></patternFill></fill>' +
  '</fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="6">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1">${RTL_ALIGNMENT}</xf>` +
  `<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1">${RTL_ALIGNMENT}</xf>` +
  '<xf numFmtId="0" fontId="0" fillId="2" borderId="0" xfId="0" applyFill="1"/>' +
  `<xf numFmtId="0" fontId="0" fillId="2" borderId="0" xfId="0" applyFill="1" applyAlignment="1">${RTL_ALIGNMENT}</xf>` +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

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

export function workbookXml(sheetName: string): string {
  return (
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}">` +
    '<bookViews><workbookView/></bookViews>' +
    `<sheets><sheet name="${xmlAttribute(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
    '</workbook>'
  );
}

export interface SheetColumn {
  width: number;
  style: CellStyle;
}

/** Everything before the first row: frozen header pane and column widths/styles. */
export function sheetHead(columns: readonly SheetColumn[]): string {
  const cols = columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${c.style === CELL_STYLE.plain ? '' : ` style="${c.style}"`}/>`,
    )
    .join('');
  return (
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    '</sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    '<sheetData>'
  );
}

export const SHEET_TAIL = '</sheetData></worksheet>';
