/** Pure decisions about a CSV file from a sample of its bytes: encoding, then delimiter. */

export interface DetectedEncoding {
  /** An iconv-lite encoding name. */
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1256';
  /** Bytes of BOM at the start of the file. */
  bomLength: number;
}

/**
 * BOMs first, then UTF-8, else Windows-1256. UTF-8 is valid UTF-8 (a character cut at the
 * sample's end is fine), or UTF-8 but for a few bytes: one cut character must not turn every
 * other letter of the file into mojibake. Its cells then hold U+FFFD, which the mapping refuses.
 */
export function detectEncoding(sample: Uint8Array): DetectedEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (sample[0] === 0xff && sample[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (sample[0] === 0xfe && sample[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  if (looksUtf16le(sample)) return { encoding: 'utf-16le', bomLength: 0 };
  return { encoding: mostlyUtf8(sample) ? 'utf-8' : 'windows-1256', bomLength: 0 };
}

/**
 * Windows-1256 Arabic is a run of bytes C1..FE that almost never make a UTF-8 sequence (a letter
 * followed by the Arabic comma A1 can), so its invalid bytes far outnumber its valid sequences;
 * a UTF-8 file with a byte cut is the other way round.
 */
const VALID_PER_INVALID = 4;

function mostlyUtf8(sample: Uint8Array): boolean {
  const { valid, invalid } = utf8Sequences(sample);
  return invalid === 0 || valid >= VALID_PER_INVALID * invalid;
}

/** Well-formed UTF-8 sequences of 2-4 bytes, and bytes that start none (a character cut at the end is neither). */
function utf8Sequences(bytes: Uint8Array): { valid: number; invalid: number } {
  let valid = 0;
  let invalid = 0;
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    const length = sequenceLength(bytes, i);
    if (length === 0) {
      invalid += 1;
      i += 1;
    } else if (length === -1) {
      break; // cut by the sample's end
    } else {
      valid += 1;
      i += length;
    }
  }
  return { valid, invalid };
}

/** The length of the well-formed sequence at `i`; 0 when it is not one, -1 when the bytes end inside it. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const lead = bytes[i]!;
  let length: number;
  // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead === 0xe0) low = 0xa0;
    if (lead === 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead === 0xf0) low = 0x90;
    if (lead === 0xf4) high = 0x8f;
  } else return 0;
  for (let k = 1; k < length; k++) {
    const byte = bytes[i + k];
    if (byte === undefined) return -1;
    if (byte < (k === 1 ? low : 0x80) || byte > (k === 1 ? high : 0xbf)) return 0;
  }
  return length;
}

/** NULs only in odd bytes (the high byte of ASCII characters), enough of them even in mostly Arabic text. */
function looksUtf16le(sample: Uint8Array): boolean {
  let oddNulls = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2 === 0) return false;
    oddNulls++;
  }
  return sample.length >= 4 && oddNulls >= sample.length / 16;
}

const CANDIDATES = [',', ';', '\t'] as const;

/**
 * The delimiter that occurs most often in the header line, counted outside quotes.
 * Ties and a one-column header fall back to a comma.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(CANDIDATES.map((c) => [c, 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  let bestCount = 0;
  for (const [candidate, count] of counts) {
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Excel's delimiter hint: a first line `sep=;` names the delimiter, and Excel does not show that
 * line as a row. Returns the delimiter, or null without a hint.
 */
export function detectSepHint(text: string): string | null {
  const match = /^sep=(.)\r?\n/.exec(text);
  return match ? match[1]! : null;
}
