/**
 * Fraction formats (`# ?/?`, `# ??/??`, `?/?`, `# ?/8`, `# ??/100`) as Excel's TEXT shows them:
 * the whole part, then the closest fraction whose denominator has at most as many digits as the
 * format gives it (or the fixed denominator), `?` placeholders padded with spaces so fractions
 * line up. Without a whole part the fraction is improper (`?/?` shows 1.25 as 5/4).
 */

/** Text before, whole-part placeholders, the space between, numerator, denominator, text after. */
const FRACTION =
  /^(?<before>[^#0?]*?)(?:(?<whole>[#0?,]+)(?<gap>\s+))?(?<num>[#0?]+)\/(?<den>[#0?]+|[1-9]\d*)(?<after>[^#0?]*)$/;

export interface FractionFormat {
  before: string;
  /** Placeholders of the whole part; null: an improper fraction. */
  whole: string | null;
  gap: string;
  numerator: string;
  /** Placeholders (the most digits a denominator may have), or a fixed denominator. */
  denominator: string | number;
  after: string;
}

/** Literal text of a section: quotes and backslash escapes removed. */
const literal = (text: string): string => text.replace(/"([^"]*)"/g, '$1').replace(/\\(.)/g, '$1');

/** The section as a fraction format, or null when it is not one. */
export function fractionFormat(section: string): FractionFormat | null {
  const match = FRACTION.exec(section);
  if (match?.groups === undefined) return null;
  const { before = '', whole, gap = '', num = '', den = '', after = '' } = match.groups;
  return {
    before: literal(before),
    whole: whole ?? null,
    gap,
    numerator: num,
    denominator: /^\d+$/.test(den) ? Number(den) : den,
    after: literal(after),
  };
}

/** The closest n/d to `value` (0 <= value) with d <= maxDenominator; ties go to the smaller d. */
function closest(value: number, maxDenominator: number): { n: number; d: number } {
  let best = { n: Math.round(value), d: 1 };
  let bestError = Math.abs(value - best.n);
  for (let d = 2; d <= maxDenominator && bestError > 0; d += 1) {
    const n = Math.round(value * d);
    const error = Math.abs(value - n / d);
    if (error < bestError - 1e-12) {
      best = { n, d };
      bestError = error;
    }
  }
  return best;
}

/** A placeholder run filled with `digits`: `0` pads with zeros, `?` with spaces, `#` not at all. */
function placed(digits: string, placeholders: string, side: 'left' | 'right'): string {
  const width = placeholders.replace(/[^0?]/g, '').length;
  if (digits.length >= width) return digits;
  const padChar = placeholders.includes('0') && side === 'left' ? '0' : ' ';
  return side === 'left' ? digits.padStart(width, padChar) : digits.padEnd(width, ' ');
}

/** `value` (not negative; the caller writes the sign) under a fraction format. */
export function formatFraction(value: number, format: FractionFormat): string {
  const improper = format.whole === null;
  let whole = improper ? 0 : Math.floor(value);
  const rest = improper ? value : value - whole;
  const fixed = typeof format.denominator === 'number';
  const maxDenominator = fixed ? (format.denominator as number) : 10 ** String(format.denominator).length - 1;
  const best = fixed
    ? { n: Math.round(rest * (format.denominator as number)), d: format.denominator as number }
    : closest(rest, maxDenominator);
  const d = best.d;
  let n = best.n;
  if (!improper && n === d) {
    whole += 1;
    n = 0;
  }
  const numerator = placed(String(n), format.numerator, 'left');
  const denominator = fixed ? String(d) : placed(String(d), String(format.denominator), 'right');
  const fraction = `${numerator}/${denominator}`;
  if (improper) return `${format.before}${fraction}${format.after}`;
  // No fraction left: the whole number, with the fraction's width kept blank so columns line up.
  if (n === 0) return `${format.before}${whole}${' '.repeat(format.gap.length + fraction.length)}${format.after}`;
  const wholeText = whole === 0 && !format.whole!.includes('0') ? '' : String(whole);
  return `${format.before}${wholeText}${format.gap}${fraction}${format.after}`;
}
