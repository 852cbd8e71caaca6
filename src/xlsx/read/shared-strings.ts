/**
 * The shared strings table, streamed into a string table (string-table.ts): plain strings in memory
 * up to a budget, the rest in a temporary file. Rich text runs are joined; phonetic runs (`rPh`)
 * are not part of the text.
 */
import { XmlScanner } from './xml-scanner.ts';
import type { XmlHandler } from './xml-scanner.ts';
import { XlsxError } from '../error.ts';
import { XLSX_LIMITS } from '../limits.ts';
import { StringTableBuilder, type StringTable } from './string-table.ts';
import { unescapeExcelString } from './values.ts';

class SharedStringsHandler implements XmlHandler {
  /** Characters read so far (kept strings and the one being gathered). */
  private chars = 0;

  constructor(
    private readonly maxChars: number,
    readonly table: StringTableBuilder,
  ) {}
  private pieces: string[] = [];
  private inT = false;
  private phonetic = 0;

  open(name: string, _attributes: Record<string, string>, selfClosing: boolean): void {
    if (name === 'si') this.pieces = [];
    else if (name === 't') this.inT = !selfClosing;
    else if (name === 'rPh') this.phonetic++;
  }

  close(name: string): void {
    if (name === 't') this.inT = false;
    else if (name === 'rPh') this.phonetic--;
    else if (name === 'si') {
      const text = this.pieces.length === 1 ? this.pieces[0]! : this.pieces.join('');
      this.table.add(unescapeExcelString(text));
      this.pieces = [];
    }
  }

  text(text: string): void {
    this.chars += text.length;
    if (this.chars > this.maxChars) {
      throw new XlsxError(
        'too_large',
        `its shared strings hold more than ${this.maxChars.toLocaleString('en')} characters, more than this reader takes: split the sheet or save it as CSV`,
      );
    }
    this.pieces.push(text);
  }

  wantsText(): boolean {
    return this.inT && this.phonetic === 0;
  }
}

export async function readSharedStrings(
  bytes: AsyncIterable<Buffer>,
  maxChars: number = XLSX_LIMITS.sharedStringChars,
  inMemoryChars: number = XLSX_LIMITS.sharedStringsInMemoryChars,
): Promise<StringTable> {
  const table = new StringTableBuilder(inMemoryChars);
  try {
    return await readInto(bytes, new SharedStringsHandler(maxChars, table), maxChars);
  } catch (error) {
    table.abandon();
    throw error;
  }
}

async function readInto(
  bytes: AsyncIterable<Buffer>,
  handler: SharedStringsHandler,
  maxChars: number,
): Promise<StringTable> {
  const scanner = new XmlScanner(handler);
  const decoder = new TextDecoder('utf-8'); // streaming: characters split across chunks stay whole
  // The XML around the text is bounded too (a bomb need not be in <t>): markup rarely doubles it.
  const maxXmlChars = 4 * maxChars + 1024 * 1024;
  let xmlChars = 0;
  for await (const chunk of bytes) {
    const text = decoder.decode(chunk, { stream: true });
    xmlChars += text.length;
    if (xmlChars > maxXmlChars) {
      throw new XlsxError(
        'too_large',
        `its shared strings part unpacks to more than ${maxXmlChars.toLocaleString('en')} characters: a damaged or hostile file`,
      );
    }
    scanner.write(text);
  }
  scanner.write(decoder.decode());
  scanner.end();
  return handler.table.finish();
}
