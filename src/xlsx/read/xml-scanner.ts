import { XlsxError } from '../error.ts';

/**
 * A small push tokenizer for the XML in XLSX parts. It takes already-decoded text (the caller
 * decodes bytes with a streaming TextDecoder, so a character split across zip chunks stays
 * whole: the bug in exceljs 4.4.0's streaming reader) and reports open tags, close tags and
 * text. Namespace prefixes are dropped (`x:c` is `c`): some writers prefix every element.
 * It is not a validating parser; it only needs to read what spreadsheet writers produce.
 */

export interface XmlHandler {
  open(name: string, attributes: Record<string, string>, selfClosing: boolean): void;
  close(name: string): void;
  /** Text between tags, entities decoded. Only called while `wantsText()` is true. */
  text(text: string): void;
  wantsText(): boolean;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const normaliseLineEnds = (text: string): string => (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text);

/**
 * Character data as an XML parser hands it over: line ends normalised (a CR LF pair, or a lone
 * CR, is one LF: XML 1.0 section 2.11) and entities decoded (so `&#13;` stays a CR).
 */
export function xmlCharacters(text: string): string {
  return decodeEntities(normaliseLineEnds(text));
}

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? whole;
  });
}

const localName = (name: string): string => {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
};

const isSpace = (code: number): boolean => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

/** `r="A1" s="2"` -> { r: 'A1', s: '2' }; hand-rolled because it runs for every cell. */
function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const length = source.length;
  let at = 0;
  while (at < length) {
    while (at < length && isSpace(source.charCodeAt(at))) at++;
    const equals = source.indexOf('=', at);
    if (equals === -1) break;
    const name = source.slice(at, equals).trim();
    let quoteAt = equals + 1;
    while (quoteAt < length && isSpace(source.charCodeAt(quoteAt))) quoteAt++;
    const quote = source[quoteAt];
    if (quote !== '"' && quote !== "'") break;
    const close = source.indexOf(quote, quoteAt + 1);
    if (close === -1) break;
    attributes[localName(name)] = decodeEntities(source.slice(quoteAt + 1, close));
    at = close + 1;
  }
  return attributes;
}

function firstSpace(text: string): number {
  for (let at = 0; at < text.length; at++) if (isSpace(text.charCodeAt(at))) return at;
  return -1;
}

/** Index of the `>` that ends the tag starting at `start`, skipping quoted attribute values; -1 if not yet complete. */
function tagEnd(buffer: string, start: number): number {
  for (let at = start + 1; at < buffer.length; at++) {
    const code = buffer.charCodeAt(at);
    if (code === 0x3e /* > */) return at;
    if (code === 0x22 /* " */ || code === 0x27 /* ' */) {
      const quoteEnd = buffer.indexOf(code === 0x22 ? '"' : "'", at + 1);
      if (quoteEnd === -1) return -1;
      at = quoteEnd;
    }
  }
  return -1;
}

/** Far above any real token (Excel holds at most 32,767 characters in a cell). */
const MAX_PENDING_CHARS = 16 * 1024 * 1024;

export class XmlScanner {
  private buffer = '';

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: string): void {
    this.buffer = this.buffer.length === 0 ? chunk : this.buffer + chunk;
    const consumed = this.scan();
    this.buffer = consumed === this.buffer.length ? '' : this.buffer.slice(consumed);
    if (this.buffer.length > MAX_PENDING_CHARS)
      throw new XlsxError('damaged', 'damaged XML: a tag or text run never ends');
  }

  end(): void {
    if (this.buffer.trim().length > 0 && this.buffer.includes('<')) {
      throw new XlsxError('damaged', 'damaged XML: a part ends in the middle of a tag');
    }
    this.buffer = '';
  }

  /** Handles every complete token in the buffer; returns how far it got. */
  private scan(): number {
    const buffer = this.buffer;
    const handler = this.handler;
    let at = 0;
    while (at < buffer.length) {
      const lt = buffer.indexOf('<', at);
      if (lt === -1) return this.pendingText(buffer, at);
      if (lt > at && handler.wantsText()) handler.text(xmlCharacters(buffer.slice(at, lt)));
      const next = buffer.charCodeAt(lt + 1);
      if (Number.isNaN(next)) return lt;
      if (next === 0x21 /* ! */) {
        const end = this.special(buffer, lt);
        if (end === -1) return lt;
        at = end;
        continue;
      }
      if (next === 0x3f /* ? */) {
        const end = buffer.indexOf('?>', lt + 2);
        if (end === -1) return lt;
        at = end + 2;
        continue;
      }
      const end = tagEnd(buffer, lt);
      if (end === -1) return lt;
      if (next === 0x2f /* / */) {
        handler.close(localName(buffer.slice(lt + 2, end).trim()));
      } else {
        const selfClosing = buffer.charCodeAt(end - 1) === 0x2f;
        const body = buffer.slice(lt + 1, selfClosing ? end - 1 : end);
        const space = firstSpace(body);
        const name = localName(space === -1 ? body : body.slice(0, space));
        handler.open(name, parseAttributes(space === -1 ? '' : body.slice(space + 1)), selfClosing);
        if (selfClosing) handler.close(name);
      }
      at = end + 1;
    }
    return at;
  }

  /**
   * Text whose end has not come yet: handed on as far as is safe (not a cut entity, not a CR
   * whose LF may follow), or dropped when unwanted, so a long text run never piles up here.
   * Re-reading a growing buffer for each chunk would cost time and memory quadratic in its length.
   */
  private pendingText(buffer: string, at: number): number {
    if (!this.handler.wantsText()) return buffer.length;
    let end = buffer.length;
    const amp = buffer.lastIndexOf('&');
    if (amp >= at && buffer.indexOf(';', amp) === -1) end = amp;
    if (end > at && buffer.charCodeAt(end - 1) === 0x0d) end -= 1;
    if (end > at) this.handler.text(xmlCharacters(buffer.slice(at, end)));
    return end;
  }

  /** Comments, CDATA and declarations; returns the index after them, or -1 when incomplete. */
  private special(buffer: string, lt: number): number {
    if (buffer.startsWith('<!--', lt)) {
      const end = buffer.indexOf('-->', lt + 4);
      return end === -1 ? -1 : end + 3;
    }
    if (buffer.startsWith('<![CDATA[', lt)) {
      const end = buffer.indexOf(']]>', lt + 9);
      if (end === -1) return -1;
      if (this.handler.wantsText()) this.handler.text(normaliseLineEnds(buffer.slice(lt + 9, end)));
      return end + 3;
    }
    if (buffer.length - lt < 9) return -1; // cannot tell CDATA from a declaration yet
    const end = buffer.indexOf('>', lt + 2);
    return end === -1 ? -1 : end + 1;
  }
}
