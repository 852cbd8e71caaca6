/**
 * What an encoding name iconv-lite does not know is told to try instead: the closest name it does
 * know (`utf-9` -> `utf-8`, `windows-1265` -> `windows-1256`), and the few a shop's sheets come in.
 */
import iconv from 'iconv-lite';
import { suggest } from '../map/suggest.ts';

/** The encodings shop sheets come in (Excel's Arabic CSV is windows-1256), spelled as people write them. */
export const COMMON_ENCODINGS = ['utf-8', 'windows-1256', 'iso-8859-6', 'utf-16le'] as const;

let names: Map<string, string> | null = null;

/**
 * Every name iconv-lite reads, by its canonical form (lower case, letters and digits only, as
 * iconv compares them); one that stands for a common encoding (`arabic`, `cp1256`) shown as that
 * encoding is spelled above.
 */
function knownNames(): Map<string, string> {
  if (names) return names;
  iconv.encodingExists('utf-8'); // iconv loads its table on first use.
  const table: Readonly<Record<string, unknown>> = iconv.encodings ?? {};
  const common = new Map<string, string>(COMMON_ENCODINGS.map((name) => [iconv._canonicalizeEncoding(name), name]));
  const shown = (key: string): string => {
    let target = key;
    for (let hops = 0; hops < 5 && typeof table[target] === 'string'; hops++) target = table[target] as string;
    return common.get(target) ?? key;
  };
  // The common names first: of two as close, the common one is said.
  names = new Map(common);
  for (const key of Object.keys(table)) if (!key.startsWith('_') && !names.has(key)) names.set(key, shown(key));
  return names;
}

/** The known encoding closest to a name iconv-lite does not know, or null when none is close. */
export function closestEncoding(name: string): string | null {
  return suggest(iconv._canonicalizeEncoding(name), knownNames());
}
