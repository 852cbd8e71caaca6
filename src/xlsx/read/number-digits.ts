/**
 * A number under a section of digit placeholders (`0`, `#`, `?`), the way Excel places them:
 * the integer's digits fill its placeholders from the right (extra digits go with the leftmost),
 * the decimals fill theirs from the left, and the text between placeholders stays where it is
 * written: `000\-000\-0000` shows 5551234567 as 555-123-4567, `0\٫00` shows 12.5 as 0٫13 (the
 * escaped ٫ is text, so all three placeholders are the integer's). Also thousands separators,
 * commas that scale by 1,000, percent, and scientific notation.
 */
import { generalNumber, generalText } from './number-general.ts';
import type { Numerals } from './number-locale.ts';
import type { Token } from './number-tokens.ts';

type Placeholder = '0' | '#' | '?';

/** What a comma in the number part does: groups thousands, scales by 1,000, or is just a comma. */
type CommaRole = 'group' | 'scale' | 'text';

export function formatDigits(tokens: Token[], value: number, sign: boolean, numerals: Numerals): string {
  const general = (): string => localized(generalText(Math.abs(value)), numerals);
  if (!tokens.some((token) => token.kind === 'digit')) {
    // Text only, or General with text around it ("General" kg).
    const hasGeneral = tokens.some((token) => token.kind === 'general');
    const text = tokens
      .map((token) => (token.kind === 'general' ? general() : token.kind === 'text' ? token.text : ''))
      .join('');
    return `${sign && hasGeneral ? '-' : ''}${text}`;
  }
  const exponentAt = tokens.findIndex((token) => token.kind === 'exponent');
  const end = exponentAt === -1 ? tokens.length : exponentAt;
  const pointAt = tokens.findIndex((token, i) => token.kind === 'point' && i < end);
  const inInteger = (i: number): boolean => pointAt === -1 || i < pointAt;
  const roles = commaRoles(tokens, end, inInteger);

  let scaled = Math.abs(value);
  for (const token of tokens) if (token.kind === 'percent') scaled *= 100;
  for (const role of roles.values()) if (role === 'scale') scaled /= 1000;

  const integerSlots: Placeholder[] = [];
  const fractionSlots: Placeholder[] = [];
  for (let i = 0; i < end; i += 1) {
    const token = tokens[i]!;
    if (token.kind === 'digit') (inInteger(i) ? integerSlots : fractionSlots).push(token.char);
  }

  let exponentText = '';
  if (exponentAt !== -1) {
    const exponentToken = tokens[exponentAt] as { kind: 'exponent'; sign: '+' | '-' };
    const exponentDigits = tokens.slice(exponentAt + 1).filter((token) => token.kind === 'digit').length;
    // `##0.0E+0`: the exponent is a multiple of the integer placeholders (engineering notation).
    const step = integerSlots.length > 1 && integerSlots.includes('#') ? integerSlots.length : 1;
    let exponent = scaled === 0 ? 0 : Math.floor(Math.log10(scaled));
    exponent = Math.floor(exponent / step) * step;
    scaled = scaled / 10 ** exponent;
    if (Number(scaled.toFixed(fractionSlots.length)) >= 10 ** step) {
      exponent += step;
      scaled /= 10 ** step;
    }
    const exponentSign = exponent < 0 ? '-' : exponentToken.sign === '+' ? '+' : '';
    exponentText = `E${exponentSign}${numerals.digits(String(Math.abs(exponent)).padStart(exponentDigits, '0'))}`;
  }

  const [whole = '', decimals = ''] = fixedText(scaled, fractionSlots.length).split('.');
  // A zero integer shows only through `0` placeholders: `#.00` shows 0.5 as .50.
  const integerText = whole === '0' ? '' : whole;
  const integerParts = placeInteger(integerText, integerSlots, roles.size > 0 && [...roles.values()].includes('group'));
  const fractionParts = placeFraction(decimals, fractionSlots);

  const out: string[] = [];
  let integerAt = 0;
  let fractionAt = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (i > exponentAt && exponentAt !== -1 && token.kind === 'digit') continue; // written in exponentText
    switch (token.kind) {
      case 'digit':
        if (inInteger(i)) out.push(numerals.digits(integerParts[integerAt++]!).replaceAll(',', numerals.group));
        else out.push(numerals.digits(fractionParts[fractionAt++]!));
        break;
      case 'point':
        out.push(i === pointAt ? numerals.point : '.');
        break;
      case 'comma':
        if (roles.get(i) === 'text') out.push(',');
        break;
      case 'percent':
        out.push('%');
        break;
      case 'exponent':
        out.push(exponentText);
        break;
      case 'text':
        out.push(token.text);
        break;
      case 'general':
        out.push(general());
        break;
      default:
        break;
    }
  }
  const shown = /[1-9]/.test(integerText + decimals);
  return `${sign && shown ? '-' : ''}${out.join('')}`;
}

/**
 * Each comma of the number part: between placeholders of the integer it groups thousands
 * (`#,##0`); after the last placeholder of the integer or of the decimals it divides by 1,000
 * (`#,##0,"K"`, `0.0,,`); before any placeholder it is a comma.
 */
function commaRoles(tokens: Token[], end: number, inInteger: (i: number) => boolean): Map<number, CommaRole> {
  const roles = new Map<number, CommaRole>();
  let digitBefore = false;
  for (let i = 0; i < end; i += 1) {
    const token = tokens[i]!;
    if (token.kind === 'digit') digitBefore = true;
    if (token.kind !== 'comma') continue;
    let next = i + 1;
    while (tokens[next]?.kind === 'comma') next += 1;
    const digitNext = next < end && tokens[next]!.kind === 'digit';
    if (!digitBefore) roles.set(i, 'text');
    else if (digitNext && inInteger(i) && inInteger(next)) roles.set(i, 'group');
    else roles.set(i, 'scale');
  }
  return roles;
}

/**
 * The integer's digits for each placeholder, right to left: an empty place shows `0` for `0`,
 * a space for `?` and nothing for `#`; digits beyond the placeholders go to the leftmost one.
 * `grouped`: a `,` after every third digit from the right (drawn as the numerals' separator).
 */
function placeInteger(digits: string, slots: readonly Placeholder[], grouped: boolean): string[] {
  const parts = new Array<string>(slots.length);
  const extra = digits.length - slots.length;
  for (let s = 0; s < slots.length; s += 1) {
    const at = extra + s;
    if (at >= 0) parts[s] = s === 0 && extra > 0 ? digits.slice(0, at + 1) : digits[at]!;
    else parts[s] = slots[s] === '0' ? '0' : slots[s] === '?' ? ' ' : '';
  }
  if (!grouped) return parts;
  let count = 0;
  for (let s = parts.length - 1; s >= 0; s -= 1) {
    let text = '';
    for (let c = parts[s]!.length - 1; c >= 0; c -= 1) {
      const char = parts[s]![c]!;
      if (char >= '0' && char <= '9') {
        if (count > 0 && count % 3 === 0) text = `,${text}`;
        count += 1;
      }
      text = char + text;
    }
    parts[s] = text;
  }
  return parts;
}

/**
 * The decimals for each placeholder, left to right. Past the last significant digit a `?` is a
 * space and a `0` a zero; a `#` is a zero up to the last `0` or `?` and nothing after it
 * (`0.?0` shows 5 as `5. 0`, `0.#0` as `5.00`, `0.0#` as `5.0`).
 */
function placeFraction(digits: string, slots: readonly Placeholder[]): string[] {
  let significant = slots.length;
  while (significant > 0 && (digits[significant - 1] ?? '0') === '0') significant -= 1;
  let width = slots.length;
  while (width > 0 && slots[width - 1] === '#') width -= 1;
  return slots.map((slot, t) => {
    if (t < significant) return digits[t]!;
    if (slot === '?') return ' ';
    return slot === '0' || t < width ? '0' : '';
  });
}

function localized(text: string, numerals: Numerals): string {
  return numerals.digits(numerals.point === '.' ? text : text.replace('.', numerals.point));
}

/**
 * `value` with `digits` decimals, rounded half up on its 15-digit decimal form as Excel does:
 * 1.005 (stored 1.00499999999999989...) shows 1.01 under `0.00`, not toFixed's 1.00.
 */
function fixedText(value: number, digits: number): string {
  const shown = generalNumber(value);
  if (shown >= 1e15) return shown.toFixed(digits);
  const rounded = Math.round(Number(`${shown}e${digits}`));
  return Number.isFinite(rounded) ? (rounded / 10 ** digits).toFixed(digits) : shown.toFixed(digits);
}
