/** Pure decisions about a CSV file from a sample of its bytes: encoding, then delimiter. */

export interface DetectedEncoding {
  /** An iconv-lite encoding name. */
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1256';
  /** Bytes of BOM at the start of the file. */
  bomLength: number;
}

/** BOMs first, then valid UTF-8 (a character cut at the sample's end is fine), else Windows-1256. */
export function detectEncoding(sample: Uint8Array): DetectedEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (sample[0] === 0xff && sample[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (sample[0] === 0xfe && sample[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  if (looksUtf16le(sample)) return { encoding: 'utf-16le', bomLength: 0 };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return { encoding: 'utf-8', bomLength: 0 };
  } catch {
    return { encoding: 'windows-1256', bomLength: 0 };
  }
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
