/**
 * Error values of LibreOffice (`Err:502`) and Excel 365 (`#FIELD!` ...) as a CSV holds them
 * (issue 36): refused as the classic ones (`#N/A`) are, by validate and import alike.
 */
import { describe, expect, it } from 'vitest';
import { useValidateAndImport } from './validate-import.ts';

const check = useValidateAndImport(10);

const errorCell = (column: string, error: string): string =>
  `${column}: the cell shows the error ${error} (a formula's error, saved as text); fix the formula or type the value, or list the column under error_text: in a column map to send it as text`;

describe('error-values.csv', () => {
  it('every error spelling is refused as the classic ones are; text that merely starts so is sent', async () => {
    const { errors, bodies } = await check('error-values.csv');
    expect(errors).toEqual([
      [2, 'title_ar', 'cell_error', errorCell('title_ar', 'Err:502')],
      [3, 'tag', 'cell_error', errorCell('tag', 'Err:522')],
      [4, 'tag', 'cell_error', errorCell('tag', '#FIELD!')],
      [5, 'tag', 'cell_error', errorCell('tag', '#BLOCKED!')],
      [6, 'tag', 'cell_error', errorCell('tag', '#CONNECT!')],
      [7, 'tag', 'cell_error', errorCell('tag', '#BUSY!')],
      [8, 'tag', 'cell_error', errorCell('tag', '#UNKNOWN!')],
      [9, 'tag', 'cell_error', errorCell('tag', '#PYTHON!')],
      [10, 'tag', 'cell_error', errorCell('tag', '#GETTING_DATA')],
    ]);
    expect(bodies).toEqual(['{"title":"Fine","title_ar":"مصباح","tag":"Err:5 text","product_id":1010}']);
  });
});
