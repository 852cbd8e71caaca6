/**
 * `categories`, `taxes`, `vouchers`: print a store list as a table (default), CSV (`--csv`) or
 * JSON (`--json`, the array itself). The quickest check that credentials and settings work.
 */
import type { Command } from 'commander';
import { stringify } from 'csv-stringify/sync';
import type { StoreClient } from '../store/client.ts';
import type { Category, TaxEntry, Voucher } from '../store/types.ts';
import { ExitError, type CliContext } from './context.ts';
import { EXIT } from './exit-codes.ts';

type Row = Record<string, string | number | boolean | null>;

interface ListSpec<T> {
  name: string;
  description: string;
  fetch: (client: StoreClient) => Promise<T[]>;
  /** CSV columns: every field, with the API's names (voucher details flattened). */
  csvColumns: string[];
  csvRow: (item: T) => Row;
  /** Columns for the terminal table: header -> cell. */
  table: [string, (item: T) => string | number | null][];
}

const categories: ListSpec<Category> = {
  name: 'categories',
  description: "list the store's categories (ids for the sheet's category column)",
  fetch: (client) => client.listCategories(),
  csvColumns: ['category_id', 'category_name', 'category_name_ar', 'image', 'product_total'],
  csvRow: (c) => ({ ...c }),
  table: [
    ['ID', (c) => c.category_id],
    ['NAME', (c) => c.category_name],
    ['NAME (AR)', (c) => c.category_name_ar],
    ['PRODUCTS', (c) => c.product_total],
    ['IMAGE', (c) => c.image],
  ],
};

const taxes: ListSpec<TaxEntry> = {
  name: 'taxes',
  description: 'list tax rates per country',
  fetch: (client) => client.listTaxes(),
  csvColumns: ['country_id', 'country_name', 'country_name_ar', 'tax'],
  csvRow: (t) => ({ ...t }),
  table: [
    ['COUNTRY ID', (t) => t.country_id],
    ['COUNTRY', (t) => t.country_name],
    ['COUNTRY (AR)', (t) => t.country_name_ar],
    ['TAX %', (t) => t.tax.toFixed(2)],
  ],
};

const vouchers: ListSpec<Voucher> = {
  name: 'vouchers',
  description: 'list the available vouchers (coupons)',
  fetch: (client) => client.listVouchers(),
  csvColumns: [
    'coupon_id',
    'title',
    'title_ar',
    'description',
    'description_ar',
    'till',
    'code',
    'coupon_limit',
    'limit_per',
    'thumb_image',
    'discount_type',
    'discount_value',
    'shipping_free',
    'minimum_order_amount',
  ],
  csvRow: ({ details, ...v }) => ({ ...v, ...details }),
  table: [
    ['ID', (v) => v.coupon_id],
    ['CODE', (v) => v.code],
    ['TITLE', (v) => v.title],
    ['TITLE (AR)', (v) => v.title_ar],
    [
      'DISCOUNT',
      (v) =>
        v.details.discount_type === 'percent'
          ? `${v.details.discount_value}%`
          : `${v.details.discount_value} ${v.details.discount_type}`,
    ],
    ['MIN ORDER', (v) => v.details.minimum_order_amount],
    ['FREE SHIPPING', (v) => (v.details.shipping_free ? 'yes' : 'no')],
    ['LIMIT', (v) => `${v.coupon_limit} (${v.limit_per})`],
    ['TILL', (v) => v.till],
  ],
};

/** Display width by code point; Arabic letters take one column each like Latin ones. */
const width = (text: string): number => [...text].length;

export function formatTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, i) => Math.max(width(header), ...rows.map((row) => width(row[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell + ' '.repeat(widths[i]! - width(cell)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function renderList<T>(spec: ListSpec<T>, items: T[], format: 'table' | 'csv' | 'json'): string {
  if (format === 'json') return JSON.stringify(items, null, 2);
  if (format === 'csv') {
    return stringify(items.map(spec.csvRow), {
      header: true,
      columns: spec.csvColumns,
      cast: { boolean: (b) => (b ? '1' : '0') },
    });
  }
  if (items.length === 0) return `(no ${spec.name})`;
  const rows = items.map((item) => spec.table.map(([, cell]) => String(cell(item) ?? '')));
  return formatTable(
    spec.table.map(([header]) => header),
    rows,
  );
}

function registerList<T>(program: Command, ctx: CliContext, spec: ListSpec<T>): void {
  program
    .command(spec.name)
    .description(spec.description)
    .option('--csv', 'print CSV with a header row')
    .option('--json', 'print the list as a JSON array')
    .action(async (flags: { csv?: boolean; json?: boolean }) => {
      if (flags.csv && flags.json) throw new ExitError(EXIT.notStarted, 'choose one of --csv and --json');
      await ctx.withApp(async (app) => {
        const items = await spec.fetch(await app.client());
        ctx.print(renderList(spec, items, flags.json ? 'json' : flags.csv ? 'csv' : 'table'));
      });
    });
}

export function registerListCommands(program: Command, ctx: CliContext): void {
  registerList(program, ctx, categories);
  registerList(program, ctx, taxes);
  registerList(program, ctx, vouchers);
}
