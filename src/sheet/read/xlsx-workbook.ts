/**
 * Opens an XLSX package far enough to know its sheets: the workbook part (from the package
 * relationships), its sheets in order, and the parts each sheet and the shared strings live in.
 */
import { SheetFileError } from '../types.ts';
import { parseRelationships, parseWorkbook, relsPartOf } from './xlsx-parts.ts';
import type { Relationship, WorkbookInfo } from './xlsx-parts.ts';
import { ZipArchive, ZipFormatError } from './zip.ts';

const OFFICE_DOCUMENT = /\/officeDocument$/;

export interface WorkbookSheet {
  name: string;
  /** The worksheet part, or null for a chart sheet or a dangling reference. */
  part: string | null;
  hidden: boolean;
}

export interface Workbook {
  zip: ZipArchive;
  sheets: WorkbookSheet[];
  date1904: boolean;
  sharedStringsPart: string | null;
  stylesPart: string | null;
}

async function openZip(file: string): Promise<ZipArchive> {
  try {
    return await ZipArchive.open(file);
  } catch (error) {
    if (error instanceof ZipFormatError) {
      throw new SheetFileError(file, 'corrupt_xlsx', `the XLSX file is damaged or cut short (${error.message})`, {
        cause: error,
      });
    }
    throw new SheetFileError(file, 'unreadable_file', `cannot read the file (${(error as Error).message})`, {
      cause: error,
    });
  }
}

async function notAWorkbook(file: string, zip: ZipArchive): Promise<SheetFileError> {
  const mimetype = zip.has('mimetype') ? ((await zip.text('mimetype')) ?? '') : '';
  if (mimetype.includes('opendocument.spreadsheet')) {
    return new SheetFileError(
      file,
      'not_a_sheet',
      'this is an OpenDocument spreadsheet (.ods); save it as .xlsx or CSV',
    );
  }
  if (zip.has('word/document.xml'))
    return new SheetFileError(file, 'not_a_sheet', 'this is a Word document, not a sheet');
  return new SheetFileError(file, 'not_a_sheet', 'this is a zip file but not an XLSX workbook');
}

const ofType = (relationships: Relationship[], suffix: string): Relationship | undefined =>
  relationships.find((relationship) => relationship.type.endsWith(suffix));

export async function openWorkbook(file: string): Promise<Workbook> {
  const zip = await openZip(file);
  try {
    const packageRels = parseRelationships((await zip.text('_rels/.rels')) ?? '', '');
    const workbookPart =
      packageRels.find((relationship) => OFFICE_DOCUMENT.test(relationship.type))?.target ?? 'xl/workbook.xml';
    const workbookXml = await zip.text(workbookPart);
    if (workbookXml === null) throw await notAWorkbook(file, zip);
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
    return {
      zip,
      sheets,
      date1904: info.date1904,
      sharedStringsPart: ofType(rels, '/sharedStrings')?.target ?? null,
      stylesPart: ofType(rels, '/styles')?.target ?? null,
    };
  } catch (error) {
    if (error instanceof SheetFileError) throw error;
    throw new SheetFileError(file, 'corrupt_xlsx', `the XLSX file is damaged (${(error as Error).message})`, {
      cause: error,
    });
  }
}

/** The sheet asked for (any case), else one named Products, else the first visible worksheet. */
export function chooseSheet(file: string, sheets: WorkbookSheet[], wanted: string | undefined): WorkbookSheet {
  const named = (name: string): WorkbookSheet | undefined =>
    sheets.find((sheet) => sheet.name === name) ??
    sheets.find((sheet) => sheet.name.toLowerCase() === name.toLowerCase());
  const firstShown = sheets.find((entry) => !entry.hidden && entry.part !== null) ?? sheets[0];
  const sheet = wanted !== undefined ? named(wanted) : (named('Products') ?? firstShown);
  if (sheet === undefined) {
    const names = sheets.map((entry) => `"${entry.name}"`).join(', ');
    throw new SheetFileError(
      file,
      wanted === undefined ? 'no_sheets' : 'sheet_not_found',
      wanted === undefined ? 'the workbook has no sheets' : `there is no sheet named "${wanted}" (sheets: ${names})`,
    );
  }
  if (sheet.part === null)
    throw new SheetFileError(file, 'not_a_worksheet', `sheet "${sheet.name}" is a chart sheet or is missing`);
  return sheet;
}
