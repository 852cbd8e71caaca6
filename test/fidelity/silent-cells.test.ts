/**
 * Cells that reached the store wrong, silently (issue 36), in the sheets make-silent-cells.py
 * writes (test/fixtures/fidelity), one per case: each cell is sent as Excel shows it, or refused
 * naming its row and column and saying how to save the file instead. Each sheet goes through
 * validate and import (validate-import.ts), which refuse the same rows.
 */
import { expect, it } from 'vitest';
import { useValidateAndImport, type Seen } from './validate-import.ts';

const see = useValidateAndImport(10);

const lostCharacters = (column: string, excerpt: string): string =>
  `${column}: ${JSON.stringify(excerpt)} has characters the file had already lost (shown as \uFFFD: bytes that are not UTF-8, or a character replaced when the file was saved); save the file again as "CSV UTF-8" in Excel (or as .xlsx) and check this cell`;

const questionMarks = (column: string, excerpt: string): string =>
  `${column}: ${JSON.stringify(excerpt)} has question marks where letters were: Excel's plain "CSV" on a Windows not set up for Arabic saves each Arabic letter as ?, and they cannot be read back; save the sheet as "CSV UTF-8" in Excel (or as .xlsx) and import that file`;

const errorCell = (column: string, error: string): string =>
  `${column}: the cell shows the error ${error} (a formula's error, saved as text); fix the formula or type the value, or list the column under error_text: in a column map to send it as text`;

const SHEETS: Seen[] = [
  // One bad byte must not turn a whole UTF-8 CSV into mojibake: a UTF-8 file but for a few bytes
  // is read as UTF-8 and only the cells with those bytes are refused.
  {
    file: 'utf8-cut-byte.csv',
    shows: 'read as UTF-8; the cell with the cut character is refused, naming its row and column',
    errors: [[3, 'title', 'mojibake', lostCharacters('title', 'Caf\uFFFD au lait')]],
    code: 1,
    bodies: [
      '{"title":"Ünïcödé — “quotes” 👍🏽","description":"ok","product_id":1001}',
      '{"title":"Crème brûlée","description":"ok","product_id":1003}',
    ],
  },
  // UTF-8 Latin and emoji read as Windows-1256 (a UTF-8 row inside a Windows-1256 file).
  {
    file: 'windows-1256-utf8-row.csv',
    shows: 'the UTF-8 row read as Windows-1256 is refused as mojibake; the Arabic rows are sent',
    errors: [
      [
        3,
        'title',
        'mojibake',
        'title: "Cafأ© â€” ًں‘چ" looks garbled (UTF-8 text read as Windows-1256); save the file as "CSV UTF-8" in Excel and use that file instead',
      ],
    ],
    code: 1,
    bodies: [
      '{"title":"Mug","title_ar":"كوب أحمر","product_id":1001}',
      '{"title":"Lamp","title_ar":"مصباح","product_id":1003}',
    ],
  },
  // Excel's CSV text idiom: ="0012345678905" is how many systems write a barcode so that Excel
  // keeps its zeros, and Excel shows 0012345678905.
  {
    file: 'excel-text-idiom.csv',
    shows: '="0012345678905", unquoted or quoted, is sent as Excel shows it',
    errors: [],
    code: 0,
    bodies: [
      '{"title":"Unquoted","barcode":"0012345678905","product_id":1001}',
      '{"title":"Quoted","barcode":"00123","product_id":1002}',
    ],
  },
  // Error values of LibreOffice (Err:502) and Excel 365 (#FIELD! ...) as a CSV holds them.
  {
    file: 'error-values.csv',
    shows: 'every error spelling is refused as the classic ones (#N/A) are; text that merely starts so is sent',
    errors: [
      [2, 'title_ar', 'cell_error', errorCell('title_ar', 'Err:502')],
      [3, 'tag', 'cell_error', errorCell('tag', 'Err:522')],
      [4, 'tag', 'cell_error', errorCell('tag', '#FIELD!')],
      [5, 'tag', 'cell_error', errorCell('tag', '#BLOCKED!')],
      [6, 'tag', 'cell_error', errorCell('tag', '#CONNECT!')],
      [7, 'tag', 'cell_error', errorCell('tag', '#BUSY!')],
      [8, 'tag', 'cell_error', errorCell('tag', '#UNKNOWN!')],
      [9, 'tag', 'cell_error', errorCell('tag', '#PYTHON!')],
      [10, 'tag', 'cell_error', errorCell('tag', '#GETTING_DATA')],
    ],
    code: 1,
    bodies: ['{"title":"Fine","title_ar":"مصباح","tag":"Err:5 text","product_id":1010}'],
  },
  // Characters a writer already replaced: Arabic saved as ? by Excel's plain CSV on a Windows set
  // up for another language ...
  {
    file: 'excel-ansi-arabic.csv',
    shows: 'Arabic saved as ? is refused; a ? in English text is not',
    errors: [
      [2, 'title_ar', 'mojibake', questionMarks('title_ar', '??? ????')],
      [3, 'title_ar', 'mojibake', questionMarks('title_ar', '????')],
      [5, 'title', 'mojibake', questionMarks('title', '???')],
      // The refused title was the row's only change.
      [5, null, 'nothing_to_update', expect.stringContaining('nothing to change')],
    ],
    code: 1,
    bodies: ['{"title":"Café","product_id":1003}'],
  },
  // ... and U+FFFD in a CSV UTF-8 file.
  {
    file: 'utf8-bom-replaced.csv',
    shows: 'U+FFFD, written so or from a character cut to its first byte, is refused',
    errors: [
      [2, 'title_ar', 'mojibake', lostCharacters('title_ar', 'كوب \uFFFDحمر')],
      [3, 'title_ar', 'mojibake', lostCharacters('title_ar', 'مصبا\uFFFD x')],
    ],
    code: 1,
    bodies: ['{"title":"Tea","title_ar":"شاي","product_id":1003}'],
  },
  // Dates under a locale prefix: [$-401]d mmmm yyyy showed 15 March 2024 where LibreOffice shows
  // 15 مارس 2024. The locale's month and day names and AM/PM markers, as LibreOffice renders
  // them, for the Arabic and English locales a Gulf catalog meets.
  {
    file: 'locale-dates.openpyxl.xlsx',
    shows: "dates in text columns are sent with their locale's names",
    errors: [],
    code: 0,
    bodies: [
      '{"title":"ar-SA","tag":"15 مارس 2024","description":"الجمعة","product_id":1001}',
      '{"title":"ar-SA short","tag":"15 مارس 24","description":"1:45 م","product_id":1002}',
      '{"title":"ar-EG","tag":"15 ابريل 2024","description":"الاثنين","product_id":1003}',
      '{"title":"ar-LB","tag":"آذار 2024","description":"الجمعة","product_id":1004}',
      '{"title":"ar-AE","tag":"مارس","description":"الجمعة 15 مارس","product_id":1005}',
      '{"title":"en-GB","tag":"15 March 2024","description":"Friday 1:45 PM","product_id":1006}',
    ],
  },
  // A number format's text section: a text cell under "Code: "@ is shown by Excel as Code: abc. A
  // format without a text section shows text as it is.
  {
    file: 'text-section.openpyxl.xlsx',
    shows: 'text cells are sent as Excel shows them',
    errors: [],
    code: 0,
    bodies: [
      '{"title":"Code prefix","tag":"Code: abc","description":"plain","product_id":1001}',
      '{"title":"Fourth section","tag":"SKU x-1 (old)","description":"kept","product_id":1002}',
      '{"title":"Escaped","tag":"[ab]","description":"no text section","product_id":1003}',
    ],
  },
];

// A loop, not it.each: it.each cuts a long $shows short in the test's title.
for (const sheet of SHEETS) it(`${sheet.file}: ${sheet.shows}`, () => see(sheet));
