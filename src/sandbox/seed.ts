/**
 * The sandbox store's seeded data: a vendor store object with every field of the reference
 * (fake values), categories with Arabic names, brands, taxes for three countries and two vouchers.
 * Values follow the reference's formats: numbers as text, flags as "0"/"1".
 */

/** Every secret field's value contains this, so leak tests can grep logs and reports for it. */
export const SECRET_MARKER = 'SANDBOX-SECRET';

/** The user_info fields the reference calls credentials of third parties. */
export const SECRET_FIELDS = ['courier_auth_key', 'courier_secret_key', 'payment_provider_api_key'] as const;

export interface SeedCategory {
  category_id: number;
  category_name: string;
  category_name_ar: string;
  image: string | null;
}

export const SEED_CATEGORIES: readonly SeedCategory[] = [
  {
    category_id: 1,
    category_name: 'Electronics',
    category_name_ar: 'إلكترونيات',
    image: 'https://sandbox.catalog-sync.test/img/cat-1.png',
  },
  {
    category_id: 2,
    category_name: 'Clothing',
    category_name_ar: 'ملابس',
    image: 'https://sandbox.catalog-sync.test/img/cat-2.png',
  },
  { category_id: 3, category_name: 'Home & Kitchen', category_name_ar: 'المنزل والمطبخ', image: null },
  {
    category_id: 4,
    category_name: 'Perfumes',
    category_name_ar: 'عطور',
    image: 'https://sandbox.catalog-sync.test/img/cat-4.png',
  },
  { category_id: 5, category_name: 'Sweets', category_name_ar: 'حلويات', image: null },
  {
    category_id: 6,
    category_name: 'Books',
    category_name_ar: 'كتب',
    image: 'https://sandbox.catalog-sync.test/img/cat-6.png',
  },
];

export const SEED_BRANDS: readonly { brand_id: number; brand_name: string; brand_name_ar: string }[] = [
  { brand_id: 1, brand_name: 'Nakheel', brand_name_ar: 'نخيل' },
  { brand_id: 2, brand_name: 'Sahara', brand_name_ar: 'صحارى' },
  { brand_id: 3, brand_name: 'Lulu', brand_name_ar: 'لؤلؤ' },
  { brand_id: 4, brand_name: 'Qamar', brand_name_ar: 'قمر' },
];

export const SEED_TAXES: readonly { country_id: string; country_name: string; country_name_ar: string; tax: string }[] =
  [
    { country_id: '1', country_name: 'Kuwait', country_name_ar: 'الكويت', tax: '0.00' },
    { country_id: '2', country_name: 'Saudi Arabia', country_name_ar: 'السعودية', tax: '15.00' },
    { country_id: '3', country_name: 'United Arab Emirates', country_name_ar: 'الإمارات', tax: '5.00' },
  ];

export const SEED_VOUCHERS: readonly Record<string, unknown>[] = [
  {
    coupon_id: '11',
    title: 'Welcome 10',
    title_ar: 'خصم الترحيب ١٠',
    description: '10% off the first order',
    description_ar: 'خصم ١٠٪ على الطلب الأول',
    till: '2030-12-31',
    code: 'WELCOME10',
    coupon_limit: '100',
    limit_per: 'all',
    thumb_image: 'https://sandbox.catalog-sync.test/img/voucher-11.png',
    details: { discount_type: 'percent', discount_value: 10, shipping_free: '0', minimum_order_amount: '0.000' },
  },
  {
    coupon_id: '12',
    title: 'Five off',
    title_ar: 'خمسة دنانير',
    description: '',
    description_ar: '',
    till: '2030-06-30',
    code: 'FIVEOFF',
    coupon_limit: '50',
    limit_per: 'all',
    thumb_image: 'https://sandbox.catalog-sync.test/img/voucher-12.png',
    details: { discount_type: 'amount', discount_value: '5.000', shipping_free: '1', minimum_order_amount: '20.000' },
  },
];

/** The vendor store object returned as user_info, with every field of the reference. */
export function vendorStore(email: string, productLimit: number): Record<string, unknown> {
  return {
    vendor_id: '4242',
    email,
    phone: '96550000000',
    address1: 'Block 1, Street 2\nSandbox City',
    address1_ar: 'قطعة ١، شارع ٢\nمدينة التجربة',
    address2: null,
    address2_ar: null,
    web_page_title: 'Sandbox Store',
    details: '<p>A sandbox store for catalog-sync rehearsals.</p>',
    about_us: '<p>About the sandbox store.</p>',
    about_us_ar: '<p>عن متجر التجربة.</p>',
    store_name: 'Sandbox Store',
    store_name_ar: 'متجر التجربة',
    store_type: 'selling',
    store_domain: 'https://sandbox.catalog-sync.test',
    logo: 'https://sandbox.catalog-sync.test/img/logo.png',
    default_image: 'uploads/default.png',
    default_image_url: 'https://sandbox.catalog-sync.test/uploads/default.png',
    country: '1',
    country_name: 'Kuwait',
    currency_title: 'KWD',
    currency_title_ar: 'د.ك',
    multi_country_delivery: '1',
    delivery_countries: '1,2,3',
    time_zone: 'Asia/Kuwait',
    schedule_interval: '30',
    default_preparation_time: '15',
    payment_methods: 'cash,knet,visa',
    external_country_cash: '',
    has_fundnumber: '0',
    fundnumber_label: 'Fund number',
    fundnumber_label_ar: 'رقم الصندوق',
    fundnumber_mandatory: '0',
    conversion_rate: '1.0000',
    country_tax: '0.00',
    has_tax: '1',
    tax_number: 'TAX-000-SANDBOX',
    sms_status_update_customer: '0',
    brand_limit: '100',
    category_limit: '100',
    product_limit: String(productLimit),
    catering_service: '0',
    celebrity_module: '0',
    change_all_delivery_status: '1',
    digital_products: '0',
    dinein_booking: '0',
    dinein_booking_limit: '0',
    dinein_deposit_amount: '0',
    driver_module: '0',
    extras_inventory: '0',
    free_delivery_amount: '',
    has_pos: '0',
    invoice_link_on: '1',
    courier_auth_key: `${SECRET_MARKER}-courier-auth-7f3a9c`,
    courier_secret_key: `${SECRET_MARKER}-courier-secret-b81e44`,
    courier_status: '1',
    payment_provider_api_key: `${SECRET_MARKER}-payment-key-2d6f10`,
    products_inventory: '1',
    product_comment_label: 'Notes',
    product_comment_label_ar: 'ملاحظات',
    product_preparation_time: '1',
    product_weight: '1',
    special_price_per_country: '0',
    sub_category: '1',
    suppliers_module: '0',
    template: 'default',
    vendorapp_product_management: '1',
    sub_user: 0,
  };
}

/** The exact secret values user_info carries, for tests that grep logs, reports and Redis for leaks. */
export const SECRET_VALUES: readonly string[] = SECRET_FIELDS.map((field) => String(vendorStore('', 0)[field]));
