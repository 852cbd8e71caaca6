/**
 * Friendly names people give columns, in English and Arabic, by canonical field. Matching goes
 * through headerKey(), so only one spelling of each is needed here.
 */
import type { BrandField, OptionField, ScalarProductField } from './fields.ts';
import { headerKey } from './header-key.ts';

export const PRODUCT_ALIASES: Readonly<
  Partial<Record<ScalarProductField | 'product_id' | 'product_status' | 'action', readonly string[]>>
> = {
  title: [
    'name',
    'product name',
    'product title',
    'name (english)',
    'english name',
    'title (english)',
    'title en',
    'name en',
    'العنوان',
    'الاسم',
    'اسم المنتج',
  ],
  title_ar: [
    'name (arabic)',
    'arabic name',
    'name ar',
    'title (arabic)',
    'arabic title',
    'العنوان بالعربي',
    'العنوان بالعربية',
    'الاسم بالعربي',
    'الاسم بالعربية',
    'اسم المنتج بالعربي',
  ],
  description: ['desc', 'details', 'description (english)', 'الوصف'],
  description_ar: ['description (arabic)', 'arabic description', 'desc ar', 'الوصف بالعربي', 'الوصف بالعربية'],
  sale_price: ['price', 'selling price', 'sale price', 'السعر', 'سعر البيع'],
  purchase_price: ['cost', 'cost price', 'purchase price', 'سعر الشراء', 'التكلفة'],
  shipping_cost: ['shipping', 'shipping price', 'الشحن', 'تكلفة الشحن'],
  category: ['category id', 'category_id', 'cat', 'التصنيف', 'الفئة', 'القسم', 'رقم التصنيف'],
  sub_category: ['subcategory', 'sub category id', 'subcategory id', 'التصنيف الفرعي', 'القسم الفرعي'],
  brand_id: ['brand', 'brand id', 'العلامة التجارية', 'الماركة', 'رقم العلامة التجارية'],
  weight: ['الوزن'],
  purchase_limit: ['max per order', 'limit', 'حد الشراء'],
  barcode: ['ean', 'upc', 'gtin', 'الباركود', 'الرمز الشريطي'],
  sort_order: ['sort', 'position', 'order', 'الترتيب'],
  tag: ['tags', 'keywords', 'الوسوم', 'الكلمات المفتاحية'],
  unit: ['الوحدة'],
  catering: ['ضيافة'],
  featured: ['مميز'],
  preparation_time: ['prep time', 'وقت التحضير'],
  preparation_type: ['prep type', 'نوع التحضير'],
  pdt_discount: ['discount', 'الخصم'],
  pdt_special_price_discount: ['special price discount', 'خصم السعر الخاص'],
  all_branches: ['all branches', 'جميع الفروع'],
  product_id: ['id', 'product id', 'رقم المنتج'],
  product_status: ['status', 'حالة المنتج', 'الحالة'],
  action: ['الاجراء', 'العمليه'],
};

/** Names for an option's fields after `option<N>` / `الخيار<N>` (N counts from 1). */
export const OPTION_FIELD_ALIASES: Readonly<Record<OptionField, readonly string[]>> = {
  title: ['title', 'name', '', 'العنوان', 'الاسم'],
  title_ar: [
    'title ar',
    'name ar',
    'title (arabic)',
    'name (arabic)',
    'arabic title',
    'العنوان بالعربي',
    'الاسم بالعربي',
  ],
  related: ['related', 'مرتبط'],
  with_stock: ['with stock', 'stock', 'بالمخزون'],
  type: ['type', 'النوع'],
  required: ['required', 'mandatory', 'اجباري', 'مطلوب'],
  more_extras: ['more extras', 'extras', 'اضافات'],
  option_values: ['values', 'option values', 'value ids', 'القيم'],
};

export const BRAND_ALIASES: Readonly<Record<BrandField, readonly string[]>> = {
  brand_id: ['brand id', 'رقم العلامة التجارية', 'رقم الماركة'],
  brand_name: ['brand name', 'brand name (english)', 'اسم العلامة التجارية', 'اسم الماركة'],
  brand_name_ar: [
    'brand name (arabic)',
    'arabic brand name',
    'brand name ar',
    'اسم العلامة التجارية بالعربي',
    'اسم الماركة بالعربي',
  ],
};

/** Generic names accepted on a sheet that is known to hold brands (the XLSX `Brands` sheet). */
export const BRAND_SHEET_ALIASES: Readonly<Record<BrandField, readonly string[]>> = {
  brand_id: ['id', 'brand'],
  brand_name: ['name', 'الاسم'],
  brand_name_ar: ['name ar', 'name (arabic)', 'arabic name', 'الاسم بالعربي'],
};

const ACTION_WORD_LIST: readonly (readonly [string, 'create' | 'update' | 'status' | 'skip'])[] = [
  ['create', 'create'],
  ['new', 'create'],
  ['add', 'create'],
  ['انشاء', 'create'],
  ['إنشاء', 'create'],
  ['جديد', 'create'],
  ['اضافة', 'create'],
  ['إضافة', 'create'],
  ['update', 'update'],
  ['edit', 'update'],
  ['تحديث', 'update'],
  ['تعديل', 'update'],
  ['status', 'status'],
  ['حالة', 'status'],
  ['الحالة', 'status'],
  ['skip', 'skip'],
  ['ignore', 'skip'],
  ['تخطي', 'skip'],
  ['تجاهل', 'skip'],
];

/** Action words by headerKey() (so case, spaces and Arabic spelling variants match). */
export const ACTION_WORDS: ReadonlyMap<string, 'create' | 'update' | 'status' | 'skip'> = new Map(
  ACTION_WORD_LIST.map(([word, action]) => [headerKey(word), action]),
);
