/** The mapper on in-memory rows: cells under no header, map targets that do not fit, originalRow. */
import { describe, expect, it } from 'vitest';
import { columnMapFromRecord } from '../../src/sheet/map/column-map.ts';
import { createSheetMapper } from '../../src/sheet/map/mapper.ts';
import { tuples } from './helpers.ts';

describe('createSheetMapper', () => {
  it('warns once per column about filled cells under no header', () => {
    const mapper = createSheetMapper(['title', '', 'sale_price', 'category']);
    const first = mapper.mapRow({ row: 2, values: ['Tea', 'x', '5', '3', 'extra'] });
    const second = mapper.mapRow({ row: 3, values: ['Cup', 'y', '6', '3', 'more'] });
    expect(tuples(first.issues)).toEqual([
      [2, null, 'unnamed_column', 'warning'],
      [2, null, 'unnamed_column', 'warning'],
    ]);
    expect(first.issues.map((i) => i.message)).toEqual([
      'column B has no header, so its cells are not sent (first filled on this row)',
      'column E has no header, so its cells are not sent (first filled on this row)',
    ]);
    expect(second.issues).toEqual([]);
    expect(first.plan).toEqual({ kind: 'create', payload: { title: 'Tea', sale_price: 5, category: 3 } });
    expect(first.cells).toEqual(['Tea', 'x', '5', '3', 'extra']);
  });

  it('a map target that is not a column of this kind of sheet is a header error', () => {
    const map = columnMapFromRecord('map.yaml', { Label: 'brand_name' });
    const mapper = createSheetMapper(['title', 'Label', 'sale_price'], { columnMap: map });
    expect(mapper.kind).toBe('products');
    expect(tuples(mapper.headerIssues)).toEqual([[1, 'Label', 'column_map_mismatch', 'error']]);
    expect(mapper.mapRow({ row: 2, values: ['Tea', 'x', '5'] }).plan).toBeNull();
  });

  it('keeps the report row number and ignores the other report columns', () => {
    const mapper = createSheetMapper(['row', 'outcome', 'message', 'product_id', 'product_status']);
    const result = mapper.mapRow({ row: 2, values: ['17', 'failed', 'HTTP 500', '1042', '1'] });
    expect(result).toMatchObject({
      row: 2,
      originalRow: 17,
      plan: { kind: 'status', payload: { product_id: 1042, product_status: 1 } },
      issues: [],
    });
  });

  it('Excel cells become report text the way a person sees them', () => {
    const mapper = createSheetMapper(['title', 'sale_price', 'featured', 'tag', 'weight']);
    const result = mapper.mapRow({
      row: 2,
      values: ['Tea', 12.5, true, new Date(Date.UTC(2024, 0, 2)), { error: '#N/A' }],
    });
    expect(result.cells).toEqual(['Tea', '12.5', 'TRUE', '2024-01-02', '#N/A']);
    expect(tuples(result.issues)).toEqual([
      [2, 'weight', 'cell_error', 'error'],
      [2, 'category', 'required', 'error'],
    ]);
  });
});
