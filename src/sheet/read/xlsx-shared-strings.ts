/**
 * The shared strings table, streamed and kept as plain strings in an array (no per-string
 * objects): for a 100,000-row Arabic sheet this is most of the memory an XLSX read needs.
 * Rich text runs are joined; phonetic runs (`rPh`) are not part of the text.
 */
import type { Readable } from 'node:stream';
import { XmlScanner } from './xml-scanner.ts';
import type { XmlHandler } from './xml-scanner.ts';
import { detachString, unescapeExcelString } from './xlsx-values.ts';

class SharedStringsHandler implements XmlHandler {
  readonly strings: string[] = [];
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
      this.strings.push(detachString(unescapeExcelString(text)));
      this.pieces = [];
    }
  }

  text(text: string): void {
    this.pieces.push(text);
  }

  wantsText(): boolean {
    return this.inT && this.phonetic === 0;
  }
}

export async function readSharedStrings(stream: Readable): Promise<string[]> {
  const handler = new SharedStringsHandler();
  const scanner = new XmlScanner(handler);
  const decoder = new TextDecoder('utf-8'); // streaming: characters split across chunks stay whole
  for await (const chunk of stream as AsyncIterable<Buffer>) scanner.write(decoder.decode(chunk, { stream: true }));
  scanner.write(decoder.decode());
  scanner.end();
  return handler.strings;
}
