/**
 * Text cells under a number format: Excel shows a text through the format's text section, the
 * fourth (`0.00;-0.00;0;"SKU "@`), or the only or last one when it holds `@` (`"Code: "@`), with
 * `@` standing for the text. A format without one shows text as it is.
 */
import { splitSections } from './number-format.ts';

/** The section that shows text, or null when text is shown as it is (or the section is a bare `@`). */
export function textSection(code: string): string | null {
  const sections = splitSections(code);
  const section = sections.length >= 4 ? sections[3]! : sections[sections.length - 1]!;
  if (sections.length < 4 && !hasTextPlaceholder(section)) return null;
  return section === '@' ? null : section;
}

/** The text as Excel shows it under `code`. Never throws. */
export function formatText(text: string, code: string): string {
  const section = textSection(code);
  return section === null ? text : renderSection(section, text);
}

/** An `@` outside quotes and escapes: read as the display reads the section, so both agree. */
function hasTextPlaceholder(section: string): boolean {
  return renderSection(section, '\0') !== renderSection(section, '');
}

/**
 * Quoted and escaped text as written, `@` as the text, `_x` as a space (the width of x), `*x`
 * (fill to the column's width) as nothing, `[$SAR-401]` as its currency text, colours and other
 * brackets as nothing.
 */
function renderSection(section: string, text: string): string {
  let out = '';
  for (let i = 0; i < section.length; i += 1) {
    const char = section[i]!;
    if (char === '"') {
      const end = section.indexOf('"', i + 1);
      const stop = end === -1 ? section.length : end;
      out += section.slice(i + 1, stop);
      i = stop;
    } else if (char === '\\') {
      out += section[i + 1] ?? '';
      i += 1;
    } else if (char === '_') {
      out += ' ';
      i += 1;
    } else if (char === '*') i += 1;
    else if (char === '@') out += text;
    else if (char === '[') {
      const end = section.indexOf(']', i + 1);
      const stop = end === -1 ? section.length : end;
      const inside = section.slice(i + 1, stop);
      if (inside.startsWith('$')) out += inside.slice(1).split('-')[0];
      i = stop;
    } else out += char;
  }
  return out;
}
