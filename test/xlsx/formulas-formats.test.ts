/**
 * Formula cells without a saved result, and number formats reported per cell: what the sheet
 * parser makes of the XML independent writers produce (openpyxl, LibreOffice, XlsxWriter).
 */
import { describe, expect, it } from 'vitest';
import type { XlsxRow } from '../../src/xlsx/read/model.ts';
import { parseCellStyles } from '../../src/xlsx/read/parts.ts';
import { SheetRowParser, type SheetContext } from '../../src/xlsx/read/sheet-parser.ts';
import { stringsInMemory } from '../../src/xlsx/read/string-table.ts';
import { XmlScanner } from '../../src/xlsx/read/xml-scanner.ts';

function parse(sheetData: string, context: Partial<SheetContext> = {}): XlsxRow[] {
  const parser = new SheetRowParser({
    sharedStrings: stringsInMemory([]),
    dateStyles: [],
    date1904: false,
    maxRowChars: 1_000_000,
    ...context,
  });
  const scanner = new XmlScanner(parser);
  scanner.write(`<worksheet><sheetData>${sheetData}</sheetData></worksheet>`);
  scanner.end();
  return parser.take();
}

describe('formula cells', () => {
  it('without a saved result are { formula } (openpyxl writes an empty <v>, others none)', () => {
    const rows = parse(
      '<row r="2"><c r="A2"><f>50+5</f><v></v></c><c r="B2" t="b"><f>A1&gt;0</f></c><c r="C2"><f t="shared" si="0"/></c></row>',
    );
    expect(rows).toEqual([{ row: 2, values: [{ formula: '50+5' }, { formula: 'A1>0' }, { formula: '' }] }]);
  });

  it('with a saved result read as that result, an empty string result as blank', () => {
    const rows = parse(
      '<row r="2"><c r="A2" t="n"><f aca="false">50+5</f><v>55</v></c><c r="B2" t="str"><f>IF(1,"","")</f><v></v></c></row>',
    );
    expect(rows).toEqual([{ row: 2, values: [55] }]);
  });
});

describe('number formats', () => {
  const styles = parseCellStyles(
    '<styleSheet><numFmts count="1"><numFmt numFmtId="164" formatCode="000000000000"/></numFmts>' +
      '<cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs>' +
      '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="2"/><xf numFmtId="20"/><xf numFmtId="49"/></cellXfs>' +
      '</styleSheet>',
  );

  it('come from numFmts and the built-in ids, per cell style; General and text formats are none', () => {
    expect(styles).toEqual({
      dateStyles: [false, false, false, true, false],
      numberFormats: [null, '000000000000', '0.00', 'h:mm', null],
      textStyles: [false, false, false, false, false],
    });
  });

  it('of text cells are reported only when the format has a text section', () => {
    const textStyles = parseCellStyles(
      '<styleSheet><numFmts count="2"><numFmt numFmtId="164" formatCode="&quot;Code: &quot;@"/>' +
        '<numFmt numFmtId="165" formatCode="0.00;-0.00"/></numFmts>' +
        '<cellXfs count="3"><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="49"/></cellXfs></styleSheet>',
    );
    expect(textStyles.textStyles).toEqual([true, false, false]);
    const rows = parse(
      '<row r="2"><c r="A2" s="0" t="inlineStr"><is><t>abc</t></is></c><c r="B2" s="1" t="inlineStr"><is><t>kept</t></is></c>' +
        '<c r="C2" s="2" t="inlineStr"><is><t>text</t></is></c></row>',
      { ...textStyles, sharedStrings: stringsInMemory([]) },
    );
    expect(rows).toEqual([{ row: 2, values: ['abc', 'kept', 'text'], formats: ['"Code: "@'] }]);
  });

  it('are reported by column for formatted number and date cells, not text under a number format', () => {
    const rows = parse(
      '<row r="2"><c r="A2"><v>1001</v></c><c r="B2" s="1"><v>12345678905</v></c><c r="C2" s="2" t="s"><v>0</v></c>' +
        '<c r="D2" s="3"><v>0.5729166666666666</v></c></row><row r="3"><c r="A3" s="4"><v>7</v></c></row>',
      { ...styles, sharedStrings: stringsInMemory(['text under 0.00']) },
    );
    expect(rows).toEqual([
      {
        row: 2,
        values: [1001, 12345678905, 'text under 0.00', new Date(Date.UTC(1899, 11, 31, 13, 45))],
        formats: [undefined, '000000000000', undefined, 'h:mm'],
      },
      { row: 3, values: [7] },
    ]);
  });
});
