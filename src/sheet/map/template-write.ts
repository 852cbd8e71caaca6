/**
 * Writes the templates and the sample sheet (the I/O edge of template-spec.ts). XLSX templates
 * carry header notes, right-to-left Arabic columns and dropdowns; CSVs are UTF-8 with a BOM so
 * Excel shows Arabic. Every file is written atomically (files/atomic-write.ts).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { writeFileAtomic } from '../../files/atomic-write.ts';
import { neutraliseCell } from '../../files/formula-guard.ts';
import type { Category } from '../../api-types.ts';
import {
  BRAND_TEMPLATE_COLUMNS,
  PRODUCT_TEMPLATE_COLUMNS,
  SAMPLE_HEADERS,
  SAMPLE_ROWS,
  STATUS_TEMPLATE_COLUMNS,
  type TemplateColumn,
} from './template-spec.ts';

export interface TemplateOptions {
  /** Fill a Categories sheet and the category dropdown from these (from the store). */
  categories?: readonly Category[] | undefined;
}

/** exceljs 4.4 supports range validations at run time, but its typings leave them out. */
interface RangeValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

/** Rows that get dropdowns (Excel needs a range). */
const DATA_ROWS = 2000;
/** Fixed dates keep regenerated templates identical in content. */
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));

export async function writeTemplates(outDir: string, options: TemplateOptions = {}): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  const put = async (name: string, data: string | Buffer): Promise<void> => {
    const path = join(outDir, name);
    await writeFileAtomic(path, data);
    written.push(path);
  };
  await put('products-template.xlsx', await workbookBuffer('Products', PRODUCT_TEMPLATE_COLUMNS, options.categories));
  await put(
    'products-template.csv',
    csvText(
      PRODUCT_TEMPLATE_COLUMNS.map((c) => c.header),
      [],
    ),
  );
  await put('brands-template.xlsx', await workbookBuffer('Brands', BRAND_TEMPLATE_COLUMNS, undefined));
  await put(
    'brands-template.csv',
    csvText(
      BRAND_TEMPLATE_COLUMNS.map((c) => c.header),
      [],
    ),
  );
  await put('status-template.xlsx', await workbookBuffer('Status', STATUS_TEMPLATE_COLUMNS, undefined));
  await put(
    'status-template.csv',
    csvText(
      STATUS_TEMPLATE_COLUMNS.map((c) => c.header),
      [],
    ),
  );
  await put('sample-products.csv', csvText([...SAMPLE_HEADERS], SAMPLE_ROWS));
  return written;
}

export function csvText(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${stringify([headers, ...rows], { record_delimiter: '\r\n' })}`;
}

async function workbookBuffer(
  sheetName: string,
  columns: readonly TemplateColumn[],
  categories: readonly Category[] | undefined,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'catalog-sync';
  workbook.created = FIXED_DATE;
  workbook.modified = FIXED_DATE;
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ header: column.header, key: column.header, width: column.width ?? 14 }));
  const validations = (sheet as unknown as RangeValidations).dataValidations;
  const header = sheet.getRow(1);
  header.font = { bold: true };
  columns.forEach((column, i) => {
    const cell = header.getCell(i + 1);
    cell.note = column.note;
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: column.rtl ? 'FFE2EFDA' : 'FFDDEBF7' } };
    const letter = sheet.getColumn(i + 1).letter;
    if (column.rtl) sheet.getColumn(i + 1).alignment = { readingOrder: 'rtl', horizontal: 'right' };
    if (column.header === 'barcode') sheet.getColumn(i + 1).numFmt = '@';
    if (column.list) {
      validations.add(`${letter}2:${letter}${DATA_ROWS}`, {
        type: 'list',
        allowBlank: true,
        formulae: [`"${column.list.join(',')}"`],
        // The option type list is a suggestion: other types are passed through.
        showErrorMessage: column.header !== 'product_option.0.type',
        errorTitle: column.header,
        error: `Choose one of: ${column.list.join(', ')}`,
      });
    }
    if (column.header === 'category' && categories && categories.length > 0) {
      validations.add(`${letter}2:${letter}${DATA_ROWS}`, {
        type: 'list',
        allowBlank: true,
        formulae: [`Categories!$D$2:$D$${categories.length + 1}`],
        showErrorMessage: false,
      });
    }
  });
  if (categories && categories.length > 0) addCategoriesSheet(workbook, categories);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function addCategoriesSheet(workbook: ExcelJS.Workbook, categories: readonly Category[]): void {
  const sheet = workbook.addWorksheet('Categories', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'category_id', key: 'id', width: 12 },
    { header: 'category_name', key: 'name', width: 28 },
    {
      header: 'category_name_ar',
      key: 'name_ar',
      width: 28,
      style: { alignment: { readingOrder: 'rtl', horizontal: 'right' } },
    },
    { header: 'dropdown', key: 'label', width: 36 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const category of categories) {
    sheet.addRow({
      id: category.category_id,
      // Names come from the store, not from us: they pass the formula guard like report cells.
      name: neutraliseCell(category.category_name),
      name_ar: neutraliseCell(category.category_name_ar),
      label: `${category.category_id} - ${category.category_name}`,
    });
  }
}
