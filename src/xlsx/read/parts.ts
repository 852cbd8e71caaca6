/**
 * The small XLSX parts read before the sheet: which part is the workbook, its sheets and
 * their parts, the date system, what each cell style means (date or not, its number format), and
 * where shared strings live.
 */
import { XmlScanner } from './xml-scanner.ts';
import type { XmlHandler } from './xml-scanner.ts';
import { BUILTIN_FORMATS } from './number-format.ts';
import { textSection } from './number-text.ts';
import { isDateFormat } from './values.ts';

type OpenHandler = (name: string, attributes: Record<string, string>) => void;

/** Runs a handler over a whole small XML text, listening to open tags only. */
export function scanOpenTags(xml: string, onOpen: OpenHandler): void {
  const handler: XmlHandler = { open: onOpen, close: () => {}, text: () => {}, wantsText: () => false };
  const scanner = new XmlScanner(handler);
  scanner.write(xml);
  scanner.end();
}

export interface Relationship {
  id: string;
  type: string;
  /** Part name inside the zip, resolved against the relationships' source. */
  target: string;
}

/** `xl/workbook.xml` + `worksheets/sheet1.xml` -> `xl/worksheets/sheet1.xml` (and `/xl/...` absolute targets). */
export function resolvePart(sourcePart: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = sourcePart.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

/** The rels part that belongs to a part: `xl/workbook.xml` -> `xl/_rels/workbook.xml.rels`. */
export function relsPartOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

export function parseRelationships(xml: string, sourcePart: string): Relationship[] {
  const relationships: Relationship[] = [];
  scanOpenTags(xml, (name, attributes) => {
    if (name !== 'Relationship' || attributes.Id === undefined || attributes.Target === undefined) return;
    if (attributes.TargetMode === 'External') return;
    relationships.push({
      id: attributes.Id,
      type: attributes.Type ?? '',
      target: resolvePart(sourcePart, attributes.Target),
    });
  });
  return relationships;
}

export interface SheetEntry {
  name: string;
  relationshipId: string;
  state: 'visible' | 'hidden' | 'veryHidden';
}

export interface WorkbookInfo {
  sheets: SheetEntry[];
  date1904: boolean;
}

export function parseWorkbook(xml: string): WorkbookInfo {
  const info: WorkbookInfo = { sheets: [], date1904: false };
  scanOpenTags(xml, (name, attributes) => {
    if (name === 'workbookPr') info.date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
    if (name === 'sheet' && attributes.name !== undefined && attributes.id !== undefined) {
      const state = attributes.state === 'hidden' || attributes.state === 'veryHidden' ? attributes.state : 'visible';
      info.sheets.push({ name: attributes.name, relationshipId: attributes.id, state });
    }
  });
  return info;
}

/** What each cell style index (`s` on a cell) means for reading a value. */
export interface CellStyles {
  /** Whether the style shows a date or time (its number then reads as a Date). */
  dateStyles: boolean[];
  /** The style's number format code; null for General (and `@`, text). */
  numberFormats: (string | null)[];
  /** Whether the style's format shows text otherwise than as it is (a text section: `"Code: "@`). */
  textStyles: boolean[];
}

export function parseCellStyles(xml: string): CellStyles {
  const formats = new Map<number, string>();
  const cellXfNumFmts: number[] = [];
  let inCellXfs = false;
  const handler: XmlHandler = {
    open(name, attributes) {
      if (name === 'numFmt' && attributes.numFmtId !== undefined) {
        formats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) cellXfNumFmts.push(Number(attributes.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text: () => {},
    wantsText: () => false,
  };
  const scanner = new XmlScanner(handler);
  scanner.write(xml);
  scanner.end();
  const styles: CellStyles = { dateStyles: [], numberFormats: [], textStyles: [] };
  for (const id of cellXfNumFmts) {
    styles.dateStyles.push(isDateFormat(id, formats.get(id)));
    const code = formats.get(id) ?? BUILTIN_FORMATS.get(id);
    const shown = code === undefined || code === '' || /^(general|@)$/i.test(code) ? null : code;
    styles.numberFormats.push(shown);
    styles.textStyles.push(shown !== null && textSection(shown) !== null);
  }
  return styles;
}
