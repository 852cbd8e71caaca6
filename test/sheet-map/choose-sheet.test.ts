/** chooseSheets: the one rule for which workbook sheets are synced when none is named. */
import { describe, expect, it } from 'vitest';
import { chooseSheets } from '../../src/sheet/choose-sheet.ts';

const sheet = (name: string, hidden = false, worksheet = true) => ({ name, hidden, worksheet });

describe('chooseSheets', () => {
  it('skips a hidden stale copy in front of the visible sheet, and names it', () => {
    expect(chooseSheets([sheet('Sheet1', true), sheet('Catalog')])).toEqual({
      products: 'Catalog',
      brands: null,
      hiddenSkipped: ['Sheet1'],
    });
  });

  it('never takes a hidden Products or Brands sheet', () => {
    expect(chooseSheets([sheet('Products', true), sheet('Brands', true), sheet('Live')])).toEqual({
      products: 'Live',
      brands: null,
      hiddenSkipped: ['Products', 'Brands'],
    });
  });

  it('prefers Products, passes over helper sheets and chart sheets, and adds Brands', () => {
    const sheets = [sheet('Help'), sheet('Chart', false, false), sheet('Brands'), sheet('PRODUCTS')];
    expect(chooseSheets(sheets)).toEqual({ products: 'PRODUCTS', brands: 'Brands', hiddenSkipped: [] });
    expect(chooseSheets([sheet('Help'), sheet('Catalog')]).products).toBe('Catalog');
    expect(chooseSheets([sheet('Brands')])).toEqual({ products: null, brands: 'Brands', hiddenSkipped: [] });
    expect(chooseSheets([sheet('Notes')]).products).toBe('Notes');
  });

  it('chooses nothing when every sheet is hidden', () => {
    expect(chooseSheets([sheet('Sheet1', true)])).toEqual({ products: null, brands: null, hiddenSkipped: ['Sheet1'] });
  });
});
