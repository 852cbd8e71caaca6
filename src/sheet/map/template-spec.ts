/**
 * The columns of the templates, each with the note shown on its header cell. Canonical headers
 * only, so a filled template maps without aliases.
 */
import { EMPTY_TOKEN } from './values.ts';

export interface TemplateColumn {
  header: string;
  note: string;
  /** Arabic text: right-to-left cells. */
  rtl?: boolean;
  /** A dropdown of these values (Excel data validation). */
  list?: readonly string[];
  width?: number;
}

const FLAG = ['1', '0'] as const;
const BLANK_NOTE = `Blank cells are not sent (an update keeps the current value); type ${EMPTY_TOKEN} to clear a text field.`;

export const PRODUCT_TEMPLATE_COLUMNS: readonly TemplateColumn[] = [
  { header: 'action', note: 'Optional: create, update, status or skip. Blank: a row with product_id updates, a row without creates.', list: ['create', 'update', 'status', 'skip'], width: 10 },
  { header: 'product_id', note: 'The product to update (whole number). Leave blank to create a new product.', width: 12 },
  { header: 'title', note: `Product name in English. Required to create. ${BLANK_NOTE}`, width: 28 },
  { header: 'title_ar', note: 'Product name in Arabic (اسم المنتج بالعربية).', rtl: true, width: 28 },
  { header: 'description', note: 'Description in English (HTML allowed).', width: 36 },
  { header: 'description_ar', note: 'Description in Arabic (الوصف بالعربية).', rtl: true, width: 36 },
  { header: 'category', note: 'Category id (whole number), required to create. `catalog-sync categories` lists them; "3 - Name" is read as 3.', width: 14 },
  { header: 'sub_category', note: 'Sub-category id (whole number).', width: 12 },
  { header: 'brand_id', note: 'Brand id (whole number).', width: 10 },
  { header: 'sale_price', note: 'Selling price, required to create: a number of 0 or more, e.g. 12.50 (Arabic digits work).', width: 11 },
  { header: 'purchase_price', note: 'What the product costs you: a number of 0 or more.', width: 11 },
  { header: 'shipping_cost', note: 'Shipping cost: a number of 0 or more.', width: 11 },
  { header: 'weight', note: 'Weight: a number of 0 or more.', width: 9 },
  { header: 'barcode', note: 'Barcode (text; must be unique within the sheet). Format the column as Text so Excel keeps leading zeros.', width: 16 },
  { header: 'tag', note: 'Tags, comma-separated.', width: 20 },
  { header: 'sort_order', note: 'Sort position: a whole number of 0 or more.', width: 9 },
  { header: 'purchase_limit', note: 'Most a customer may buy: a whole number of 0 or more.', width: 9 },
  { header: 'unit', note: 'Unit (a number; the store reference does not say what it means).', width: 8 },
  { header: 'featured', note: 'Featured: 1 yes, 0 no.', list: FLAG, width: 9 },
  { header: 'catering', note: 'Catering: 1 yes, 0 no.', list: FLAG, width: 9 },
  { header: 'all_branches', note: 'In all branches: 1 yes, 0 no.', list: FLAG, width: 9 },
  { header: 'preparation_time', note: 'Preparation time (a number).', width: 10 },
  { header: 'preparation_type', note: 'Preparation type (a whole number; meaning not shown by the store reference).', width: 10 },
  { header: 'pdt_discount', note: 'Discount (a number of 0 or more).', width: 10 },
  { header: 'pdt_special_price_discount', note: 'Special price discount (a number of 0 or more).', width: 10 },
  { header: 'product_status', note: 'Updates only: the status to set (whole number). A new product cannot get a status in the same row (the store returns no id on create).', width: 10 },
  { header: 'product_option.0.title', note: 'First option, e.g. Size. More options: product_option.1.title, ... (index from 0).', width: 16 },
  { header: 'product_option.0.title_ar', note: 'First option in Arabic, e.g. المقاس.', rtl: true, width: 16 },
  { header: 'product_option.0.type', note: 'Option type; the store reference shows multi_select.', list: ['multi_select'], width: 14 },
  { header: 'product_option.0.required', note: 'Customer must choose: 1 yes, 0 no.', list: FLAG, width: 9 },
  { header: 'product_option.0.with_stock', note: 'Tracks stock: 1 yes, 0 no.', list: FLAG, width: 9 },
  { header: 'product_option.0.option_values', note: 'Option value ids separated by |, e.g. 11|12|13.', width: 14 },
];

export const BRAND_TEMPLATE_COLUMNS: readonly TemplateColumn[] = [
  { header: 'brand_id', note: 'The brand to update (whole number). Brands are not created from sheets.', width: 10 },
  { header: 'brand_name', note: 'Brand name in English (required: the update sends both names).', width: 28 },
  { header: 'brand_name_ar', note: 'Brand name in Arabic (required).', rtl: true, width: 28 },
];

export const STATUS_TEMPLATE_COLUMNS: readonly TemplateColumn[] = [
  { header: 'product_id', note: 'The product whose status changes (whole number).', width: 12 },
  { header: 'product_status', note: 'The status to set (whole number). Setting the status it already has is reported as unchanged.', width: 14 },
];

/** The sample sheet the README's first command syncs (valid against the sandbox's categories 1..6). */
export const SAMPLE_HEADERS = [
  'title', 'title_ar', 'description', 'description_ar', 'category', 'sale_price', 'purchase_price', 'barcode', 'tag', 'weight', 'featured',
  'product_option.0.title', 'product_option.0.title_ar', 'product_option.0.type', 'product_option.0.required', 'product_option.0.option_values',
] as const;

export const SAMPLE_ROWS: readonly (readonly string[])[] = [
  ['Arabic Coffee Cups (set of 6)', 'فناجين قهوة عربية (طقم ٦)', 'Porcelain cups with gold rim', 'فناجين من البورسلان بحافة ذهبية', '3', '45.00', '28.50', '6281000000011', 'coffee,cups', '0.6', '1', '', '', '', '', ''],
  ['Oud Perfume 50 ml', 'عطر عود ٥٠ مل', 'Rich oud with amber notes', 'عود فاخر بلمسات من العنبر', '4', '320.00', '190', '6281000000028', 'oud,perfume', '0.3', '1', 'Size', 'الحجم', 'multi_select', '1', '11|12'],
  ['Premium Dates 1 kg', 'تمر سكري فاخر ١ كجم', 'Sukkari dates from Qassim', 'تمر سكري من القصيم', '5', '٦٥٫٠٠', '40', '6281000000035', 'dates,sweets', '1', '0', '', '', '', '', ''],
  ['Kids Thobe', 'ثوب أطفال', 'Cotton thobe for children', 'ثوب قطني للأطفال', '2', '89.90', '50', '6281000000042', 'thobe,kids', '0.4', '0', 'Size', 'المقاس', 'multi_select', '1', '21|22|23|24'],
  ['Wireless Earbuds', 'سماعات لاسلكية', 'Bluetooth 5.3, 24 h battery', 'بلوتوث ٥٫٣ وبطارية ٢٤ ساعة', '1', '1,199.00', '850', '6281000000059', 'audio', '0.2', '1', 'Colour', 'اللون', 'multi_select', '0', '31|32'],
  ['Maamoul Box', 'علبة معمول', 'Date-filled maamoul, 24 pieces', 'معمول بالتمر، ٢٤ قطعة', '5', '55', '30', '6281000000066', 'sweets,eid', '0.8', '0', '', '', '', '', ''],
  ['Poetry of Al-Mutanabbi', 'ديوان المتنبي', 'Hardcover edition', 'طبعة مجلدة', '6', '38.75', '20', '6281000000073', 'books,poetry', '0.9', '0', '', '', '', '', ''],
  ['Incense Burner', 'مبخرة', 'Brass incense burner', 'مبخرة نحاسية', '3', '120', '70', '6281000000080', 'home,bukhoor', '1.2', '0', 'Finish', 'اللون', 'multi_select', '0', '41|42'],
];
