/**
 * Stores a value in a payload object by field name, one named store per field. A computed store
 * (`fields[name] = value`) sees every field's object shape at one site and goes megamorphic,
 * which for a 100,000-row sheet costs more than reading the cells; this switch keeps each store
 * site simple. The value's type was checked by the column's spec (values.ts).
 */
import type { ProductFields, ProductOption } from '../../api-types.ts';
import type { OptionField, ScalarProductField } from './fields.ts';
import type { CellValue } from './cell-reading.ts';

export function setProductField(f: ProductFields, field: ScalarProductField, value: CellValue): void {
  const v = value as never;
  switch (field) {
    case 'title':
      f.title = v;
      return;
    case 'title_ar':
      f.title_ar = v;
      return;
    case 'description':
      f.description = v;
      return;
    case 'description_ar':
      f.description_ar = v;
      return;
    case 'category':
      f.category = v;
      return;
    case 'sub_category':
      f.sub_category = v;
      return;
    case 'brand_id':
      f.brand_id = v;
      return;
    case 'weight':
      f.weight = v;
      return;
    case 'sale_price':
      f.sale_price = v;
      return;
    case 'purchase_price':
      f.purchase_price = v;
      return;
    case 'shipping_cost':
      f.shipping_cost = v;
      return;
    case 'purchase_limit':
      f.purchase_limit = v;
      return;
    case 'barcode':
      f.barcode = v;
      return;
    case 'sort_order':
      f.sort_order = v;
      return;
    case 'tag':
      f.tag = v;
      return;
    case 'unit':
      f.unit = v;
      return;
    case 'catering':
      f.catering = v;
      return;
    case 'featured':
      f.featured = v;
      return;
    case 'preparation_time':
      f.preparation_time = v;
      return;
    case 'preparation_type':
      f.preparation_type = v;
      return;
    case 'pdt_discount':
      f.pdt_discount = v;
      return;
    case 'pdt_special_price_discount':
      f.pdt_special_price_discount = v;
      return;
    case 'all_branches':
      f.all_branches = v;
      return;
  }
}

export function setOptionField(o: ProductOption, field: OptionField, value: CellValue): void {
  const v = value as never;
  switch (field) {
    case 'title':
      o.title = v;
      return;
    case 'title_ar':
      o.title_ar = v;
      return;
    case 'related':
      o.related = v;
      return;
    case 'with_stock':
      o.with_stock = v;
      return;
    case 'type':
      o.type = v;
      return;
    case 'required':
      o.required = v;
      return;
    case 'more_extras':
      o.more_extras = v;
      return;
    case 'option_values':
      o.option_values = v;
      return;
  }
}
