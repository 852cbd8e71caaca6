/** A number format section as tokens: what number-digits.ts and number-date.ts draw. */

export type Token =
  | { kind: 'text'; text: string }
  | { kind: 'digit'; char: '0' | '#' | '?' }
  | { kind: 'point' }
  | { kind: 'comma' }
  | { kind: 'percent' }
  | { kind: 'exponent'; sign: '+' | '-' }
  | { kind: 'general' }
  | { kind: 'date'; part: string };

const DATE_PART = /^(yyyy|yy|mmmmm|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|am\/pm|a\/p|\.0+)/i;

/** The section as tokens; null for what this renderer does not draw (a fraction it could not read). */
export function tokenize(section: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < section.length) {
    const char = section[i]!;
    const rest = section.slice(i);
    if (char === '"') {
      const end = section.indexOf('"', i + 1);
      const stop = end === -1 ? section.length : end;
      tokens.push({ kind: 'text', text: section.slice(i + 1, stop) });
      i = stop + 1;
    } else if (char === '\\') {
      tokens.push({ kind: 'text', text: section[i + 1] ?? '' });
      i += 2;
    } else if (char === '_') {
      tokens.push({ kind: 'text', text: ' ' });
      i += 2;
    } else if (char === '*') {
      i += 2; // fill to the column width: nothing in a value
    } else if (char === '[') {
      const end = section.indexOf(']', i);
      const inside = section.slice(i + 1, end === -1 ? section.length : end);
      if (/^(h+|m+|s+)$/i.test(inside)) tokens.push({ kind: 'date', part: `[${inside.toLowerCase()}]` });
      else if (inside.startsWith('$')) tokens.push({ kind: 'text', text: inside.slice(1).split('-')[0] ?? '' });
      i = end === -1 ? section.length : end + 1; // colours and conditions show nothing
    } else if (/^general/i.test(rest)) {
      tokens.push({ kind: 'general' });
      i += 7;
    } else if (/^e[+-]/i.test(rest) && tokens.some((token) => token.kind === 'digit')) {
      tokens.push({ kind: 'exponent', sign: rest[1] === '-' ? '-' : '+' });
      i += 2;
    } else if (char === '0' || char === '#' || char === '?') {
      tokens.push({ kind: 'digit', char });
      i += 1;
    } else if (char === '.' && !/^\.0/.test(rest)) {
      tokens.push({ kind: 'point' });
      i += 1;
    } else if (char === '.' && !tokens.some((token) => token.kind === 'date')) {
      tokens.push({ kind: 'point' });
      i += 1;
    } else if (char === ',') {
      tokens.push({ kind: 'comma' });
      i += 1;
    } else if (char === '%') {
      tokens.push({ kind: 'percent' });
      i += 1;
    } else if (char === '/') {
      if (tokens.some((token) => token.kind === 'digit')) return null;
      tokens.push({ kind: 'text', text: '/' });
      i += 1;
    } else if (char === '@') {
      tokens.push({ kind: 'general' });
      i += 1;
    } else {
      const part = DATE_PART.exec(rest);
      if (part !== null) {
        tokens.push({ kind: 'date', part: part[0].toLowerCase() });
        i += part[0].length;
      } else {
        tokens.push({ kind: 'text', text: char });
        i += 1;
      }
    }
  }
  return tokens;
}
