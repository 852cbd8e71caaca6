/**
 * validate's summary in English and Arabic: the labels in the language asked, the row messages as
 * the CLI renders them (inLang), field names and values as typed. A real sheet, read and summed
 * up as `validate` does.
 */
import { describe, expect, it } from 'vitest';
import { inLang, type Lang } from '../../src/messages/index.ts';
import { openSheets } from '../../src/sheet/open.ts';
import { summarizeSheet } from '../../src/sheet/map/summarize.ts';
import type { SheetSummary } from '../../src/sheet/map/summary.ts';
import { summaryText } from '../../src/sheet/map/summary-text.ts';
import { useSheet } from '../helpers/use-sheet.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('summary-text', { once: true });

const file = useSheet(tmp, 'products.csv', [
  'product_id,title,sale_price,category,barcod,product_status',
  ',Lamp,12.5,1,B-1,',
  ',Chair,3O,1,B-2,',
  '7,Desk,40,,,1',
]);

async function summary(lang: Lang): Promise<string> {
  const [sheet] = await openSheets(file.path, { maxTextLength: 5000 });
  try {
    const s = await summarizeSheet(sheet!);
    s.issues = s.issues.map((issue) => inLang(issue, lang));
    s.headerIssues = s.headerIssues.map((issue) => inLang(issue, lang));
    return summaryText(s, lang);
  } finally {
    await sheet!.close();
  }
}

describe("validate's summary", () => {
  it('in English, as it always read', async () => {
    expect((await summary('en')).split('\n')).toEqual([
      `${file.path}: product sheet, 3 data rows`,
      '  creates:        1',
      '  updates:        1 (1 also change the status)',
      '  status changes: 0',
      '  skipped:        0 (blank rows, action skip)',
      '  invalid rows:   1 (not sent)',
      'header:',
      `  row 1, barcod [warning] unknown column "barcod": not sent. Did you mean "barcode"? (give it a field in the sheet's column mapping, or rename the header) (from a terminal: a --columns map file can name it)`,
      'first errors (1 of 1):',
      '  row 3, sale_price [error] sale_price: "3O" is not a number (expected e.g. 12.50)',
    ]);
  });

  it('in Arabic: labels and messages, the columns and values as typed', async () => {
    const lines = (await summary('ar')).split('\n');
    expect(lines).toEqual([
      `${file.path}: ورقة منتجات، صفوف البيانات 3`,
      '  للإنشاء: 1',
      '  للتحديث: 1 (1 منها تغيّر الحالة أيضًا)',
      '  تغيير الحالة: 0',
      '  تم تخطيها: 0 (صفوف فارغة، action skip)',
      '  صفوف غير صالحة: 1 (لن تُرسل)',
      'الترويسة:',
      expect.stringMatching(/^ {2}الصف 1، barcod \[تنبيه\] .*"barcod".*"barcode"/) as unknown as string,
      'أول الأخطاء (1 من 1):',
      '  الصف 3، sale_price [خطأ] sale_price: "3O" ليس رقمًا (المتوقع مثلًا 12.50)',
    ]);
    for (const label of ['creates', 'updates', 'skipped', 'invalid rows', 'first errors', 'row ', '[error]'])
      expect(lines.join('\n')).not.toContain(label);
  });

  it('says a title above the header, hidden sheets and brand sheets in Arabic', () => {
    const brands: SheetSummary = {
      file: 'brands.xlsx',
      format: 'xlsx',
      sheetName: 'العلامات',
      hiddenSheetsSkipped: ['Sheet1', 'Old'],
      headerRow: 3,
      bannerRows: [1, 2],
      tableTotalsRows: [],
      kind: 'brands',
      headerIssues: [],
      rows: 5,
      creates: 0,
      updates: 0,
      statusChanges: 0,
      updatesWithStatus: 0,
      brandUpdates: 5,
      skipped: 0,
      invalidRows: 0,
      rowsWithWarnings: 0,
      hiddenRows: 0,
      issues: [],
      issuesLeftOut: 0,
    };
    expect(summaryText(brands, 'ar').split('\n')).toEqual([
      'brands.xlsx [الورقة العلامات]: ورقة علامات تجارية، صفوف البيانات 5',
      '  أوراق مخفية لم تُقرأ: "Sheet1"، "Old" (سمِّ إحداها بالخيار --sheet لقراءتها)',
      '  صف الترويسة: 3 (الصفوف 1، 2 فوقه: عناوين أو تسميات مجموعات تسمّي أعمدة معروفة أقل، لم تُقرأ)',
      '  تحديث العلامات: 5',
      '  تم تخطيها: 0 (صفوف فارغة، action skip)',
      '  صفوف غير صالحة: 0',
    ]);
    expect(summaryText(brands).split('\n').slice(0, 3)).toEqual([
      'brands.xlsx [sheet العلامات]: brand sheet, 5 data rows',
      '  hidden sheets skipped: "Sheet1", "Old" (name one with --sheet to read it)',
      '  header row: 3 (rows 1, 2 above it: a title or group labels naming fewer known columns, not read)',
    ]);
  });
});
