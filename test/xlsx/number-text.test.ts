/** Text under a number format's text section (src/xlsx/read/number-text.ts), as Excel shows it. */
import { describe, expect, it } from 'vitest';
import { formatText } from '../../src/xlsx/index.ts';

describe('formatText', () => {
  it.each([
    ['"Code: "@', 'abc', 'Code: abc'],
    ['@" kg"', '5', '5 kg'],
    ['0.00;-0.00;0;"SKU "@', 'x', 'SKU x'],
    ['0;-0;0;"n/a"', 'anything', 'n/a'],
    [';;;', 'hidden', ''],
    ['\\[@\\]', 'ab', '[ab]'],
    ['[Red]"#"@', '7', '#7'],
    ['[$SAR-401] @', '12', 'SAR 12'],
    ['@_)', 'ab', 'ab '],
    ['*-@', 'ab', 'ab'],
    ['"@ "@', 'x', '@ x'],
  ])('%j shows %j as %j', (code, text, shown) => expect(formatText(text, code)).toBe(shown));

  it.each([
    ['0.00', 'kept'],
    ['0;-0', 'kept'],
    ['0;-0;0', 'kept'],
    ['@', 'kept'],
    ['"@"', 'kept'],
  ])('%j has no text section: %j is shown as it is', (code, text) => expect(formatText(text, code)).toBe(text));
});
