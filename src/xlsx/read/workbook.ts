/**
 * Opens an XLSX package far enough to know its sheets: the workbook part (from the package
 * relationships), its sheets in order, and the parts each sheet and the shared strings live in.
 * Rows are read on demand, one sheet at a time (sheet-rows.ts).
 */
import { asXlsxError, XlsxError } from '../error.ts';
import { XLSX_LIMITS, type XlsxLimits } from '../limits.ts';
import { ZipArchive } from '../zip/reader.ts';
import type { XlsxRow, XlsxSheet } from './model.ts';
import { parseRelationships, parseWorkbook, relsPartOf } from './parts.ts';
import type { Relationship, WorkbookInfo } from './parts.ts';
import { sheetRowBatches } from './sheet-rows.ts';
import { tableTotalsRows } from './tables.ts';

const OFFICE_DOCUMENT = /\/officeDocument$/;

export interface XlsxWorkbook {
  /** The sheets in workbook order. */
  sheets: readonly XlsxSheet[];
  /**
   * A worksheet's rows in file order, as stored (rows of only empty cells included), in batches
   * (a row costs no promise of its own). Nothing is read until the first `next()`. Throws XlsxError.
   */
  rowBatches(sheet: XlsxSheet): AsyncGenerator<XlsxRow[]>;
  /** The rows of a worksheet that are its Excel Tables' totals rows, ascending. Throws XlsxError. */
  tableTotalsRows(sheet: XlsxSheet): Promise<number[]>;
}

async function openZip(file: string, limits: XlsxLimits): Promise<ZipArchive> {
  try {
    return await ZipArchive.open(file, limits);
  } catch (error) {
    if (error instanceof XlsxError) throw error;
    throw new XlsxError('unreadable', `cannot read the file (${(error as Error).message})`, { cause: error });
  }
}

async function notAWorkbook(zip: ZipArchive): Promise<XlsxError> {
  const mimetype = zip.has('mimetype') ? ((await zip.text('mimetype')) ?? '') : '';
  if (mimetype.includes('opendocument.spreadsheet'))
    return new XlsxError('not_xlsx', 'this is an OpenDocument spreadsheet (.ods); save it as .xlsx or CSV');
  if (zip.has('word/document.xml')) return new XlsxError('not_xlsx', 'this is a Word document, not a sheet');
  return new XlsxError('not_xlsx', 'this is a zip file but not an XLSX workbook');
}

const ofType = (relationships: Relationship[], suffix: string): Relationship | undefined =>
  relationships.find((relationship) => relationship.type.endsWith(suffix));

/** Opens a workbook and lists its sheets. Throws XlsxError. */
export async function openWorkbook(file: string, limits: Partial<XlsxLimits> = {}): Promise<XlsxWorkbook> {
  const allLimits = { ...XLSX_LIMITS, ...limits };
  const zip = await openZip(file, allLimits);
  try {
    const packageRels = parseRelationships((await zip.text('_rels/.rels')) ?? '', '');
    const workbookPart =
      packageRels.find((relationship) => OFFICE_DOCUMENT.test(relationship.type))?.target ?? 'xl/workbook.xml';
    const workbookXml = await zip.text(workbookPart);
    if (workbookXml === null) throw await notAWorkbook(zip);
    const info: WorkbookInfo = parseWorkbook(workbookXml);
    const rels = parseRelationships((await zip.text(relsPartOf(workbookPart))) ?? '', workbookPart);
    const byId = new Map(rels.map((relationship) => [relationship.id, relationship]));
    const sheets = info.sheets.map((sheet) => {
      const relationship = byId.get(sheet.relationshipId);
      const isWorksheet = relationship !== undefined && relationship.type.endsWith('/worksheet');
      return {
        name: sheet.name,
        part: isWorksheet && zip.has(relationship.target) ? relationship.target : null,
        hidden: sheet.state !== 'visible',
      };
    });
    const parts = {
      sharedStrings: ofType(rels, '/sharedStrings')?.target ?? null,
      styles: ofType(rels, '/styles')?.target ?? null,
    };
    return {
      sheets,
      rowBatches: (sheet) => sheetRowBatches(zip, sheet, parts, { date1904: info.date1904, limits: allLimits }),
      tableTotalsRows: async (sheet) => {
        if (sheet.part === null) return [];
        try {
          return await tableTotalsRows(zip, sheet.part);
        } catch (error) {
          throw asXlsxError(error, "the sheet's tables cannot be read");
        }
      },
    };
  } catch (error) {
    throw asXlsxError(error, 'the XLSX file is damaged');
  }
}
