/**
 * The forgiving form of a header used for matching: case, spaces, underscores, hyphens, a stray
 * BOM, bidi marks, Arabic tatweel and alef/ya/ta-marbuta spelling variants do not matter.
 */
const IGNORED = /[\s_\-\u0640\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069\uFEFF()[\]:]/g;
const ALEF = /[\u0622\u0623\u0625]/g;

export function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replace(IGNORED, '')
    .replace(ALEF, '\u0627')
    .replace(/\u0649/g, '\u064A')
    .replace(/\u0629/g, '\u0647');
}

/** The header as written, minus BOM/bidi marks and outer spaces (for dotted keys and messages). */
export function cleanHeader(header: string): string {
  return header.replace(/[\uFEFF\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g, '').trim();
}
