/** chooseSheets: the one rule for which workbook sheets are synced when none is named. */
import { describe, expect, it } from 'vitest';
import { chooseSheets, sheetsToScore } from '../../src/sheet/choose-sheet.ts';

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

  it('knows the Arabic names of the products, brands and helper sheets, in any spelling of alef and ta marbuta', () => {
    const sheets = [sheet('تعليمات'), sheet('المنتجات'), sheet('العلامات التجارية')];
    expect(chooseSheets(sheets)).toEqual({ products: 'المنتجات', brands: 'العلامات التجارية', hiddenSkipped: [] });
    expect(chooseSheets([sheet('الإرشادات'), sheet('منتجات')]).products).toBe('منتجات');
    expect(chooseSheets([sheet('التعليمات'), sheet('الماركات'), sheet('Catalog')])).toEqual({
      products: 'Catalog',
      brands: 'الماركات',
      hiddenSkipped: [],
    });
    expect(sheetsToScore(sheets)).toEqual([]);
  });

  it('lets the headers decide when several sheets could be the products and no name says which', () => {
    const sheets = [sheet('ورقة1'), sheet('Help'), sheet('ورقة2'), sheet('ورقة3')];
    expect(sheetsToScore(sheets)).toEqual(['ورقة1', 'ورقة2', 'ورقة3']);
    const scores = new Map([
      ['ورقة1', 1],
      ['ورقة2', 3],
      ['ورقة3', 3],
    ]);
    expect(chooseSheets(sheets, scores).products).toBe('ورقة2');
    expect(chooseSheets(sheets).products).toBe('ورقة1');
    expect(sheetsToScore([sheet('Help'), sheet('Catalog')])).toEqual([]);
  });
});
