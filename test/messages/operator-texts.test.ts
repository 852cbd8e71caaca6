/**
 * Catalogue texts an operator reads (the console's preview and reasons, the reports, the e-mail)
 * say what to do in words, in English and Arabic: no CLI flag, no command, no setting's name. The CLI adds its own
 * engineer detail after the header issues it prints (validate's summary), and only there.
 */
import { describe, expect, it } from 'vitest';
import { LANGS, messageText, said } from '../../src/messages/index.ts';
import { issueLine } from '../../src/sheet/map/summary-text.ts';
import { planHeaders } from '../../src/sheet/map/headers.ts';
import type { RowIssue } from '../../src/sheet/row-issue.ts';

const TERMINAL = /(^|[\s(])--[a-z]|catalog-sync|<batch>|[A-Z]{2,}_[A-Z_]+/;

const OPERATOR_TEXTS: [string, Record<string, string>][] = [
  ['ledger.already_created', { key: 'barcode 6281', where: 'batch B1, row 4' }],
  ['ledger.unknown_create', { key: 'barcode 6281', where: 'batch B1, row 4' }],
  ['ledger.interrupted_own', { key: 'barcode 6281' }],
  ['ledger.interrupted_other', { key: 'barcode 6281', batch: 'B1', row: '4' }],
  ['unknown_column', { column: 'Sale Prise', hint: 'sale_price' }],
  ['unknown_columns', { count: '12', first: '"Extra 1"' }],
  ['duplicate_column', { earlier: 'Price', column: 'sale_price', field: 'sale_price' }],
  ['mojibake', { column: 'title', excerpt: '"Cafأ©"', encoding: 'Windows-1256' }],
  ['too_long', { column: 'description', length: '70,000', limit: '65,535' }],
  ['undo.created_no_hidden', {}],
  ['undo.created_hidden', { status: '0' }],
  ['batch_store.unrecorded_rerun', { batch: 'B1', store: 'Oud House' }],
  ['batch_store.unrecorded_reconcile', { batch: 'B1', store: 'Oud House' }],
  ['batch_store.other_store', { batch: 'B1', batch_store: 'Oud House', store: 'Musk House' }],
];

describe("operator texts in the operator's words", () => {
  it.each(OPERATOR_TEXTS)('%s names no flag or command, in English or Arabic', (key, params) => {
    for (const lang of LANGS) {
      const text = messageText(key, params, lang);
      expect(text, `${key} (${lang})`).not.toMatch(TERMINAL);
    }
  });

  it("says a create the undo hides in words, naming no field: the console's form names the sheet's column", () => {
    for (const lang of LANGS) {
      const text = messageText('undo.created_hidden', { status: '0' }, lang);
      expect(text, lang).not.toMatch(/product_status|product_id|0/);
    }
    expect(messageText('undo.created_hidden', { status: '0' }, 'en')).toBe('created by the batch: hidden in the store');
    expect(messageText('undo.created_hidden', { status: '0' }, 'ar')).toBe('أنشأته الدفعة: يُخفى في المتجر');
    expect(messageText('undo.created_hidden_column', { column: 'الحالة', status: '0' }, 'ar')).toBe(
      'أنشأته الدفعة: يُخفى في المتجر (الحالة 0)',
    );
  });

  it('says how, in words: the column mapping, the product_id, "Check with the store"', () => {
    const p = OPERATOR_TEXTS.map(([, params]) => params);
    expect(messageText('unknown_column', p[2]!, 'en')).toContain("in the sheet's column mapping");
    expect(messageText('unknown_column', p[2]!, 'ar')).toContain('ربط أعمدة الملف');
    expect(messageText('ledger.already_created', p[0]!, 'en')).toContain("add the product's product_id to this row");
    expect(messageText('ledger.unknown_create', p[1]!, 'en')).toContain('"Check with the store"');
    expect(messageText('ledger.unknown_create', p[1]!, 'ar')).toContain('«تحقّق مع المتجر»');
    for (const key of ['ledger.interrupted_own', 'ledger.interrupted_other']) {
      const params = OPERATOR_TEXTS.find(([k]) => k === key)![1];
      expect(messageText(key, params, 'en')).toContain('ask whoever runs the console to create it again');
      expect(messageText(key, params, 'ar')).toContain('فاطلب ممن يدير اللوحة إنشاءه من جديد');
    }
    const [mojibake, tooLong] = [p[7]!, p[8]!];
    expect(messageText('mojibake', mojibake, 'en')).toContain(
      'save the file as "CSV UTF-8" in Excel and use that file',
    );
    expect(messageText('mojibake', mojibake, 'ar')).toContain('واستعمل ذلك الملف بدلًا منه');
    expect(messageText('too_long', tooLong, 'en')).toMatch(/limit of 65,535 for a text field: shorten it$/);
    expect(messageText('too_long', tooLong, 'ar')).toMatch(/\(65,535\): اختصره$/);
    expect(messageText('undo.created_no_hidden', {}, 'en')).toContain('ask whoever runs the console to set the status');
    expect(messageText('undo.created_no_hidden', {}, 'ar')).toContain('اطلب ممن يدير اللوحة ضبط الحالة');
  });

  it("keeps the flag in the CLI's own line, in both languages", () => {
    const [unknown] = planHeaders(['title', 'Sale Prise'], 'products').issues;
    expect(issueLine(unknown!, 'en')).toMatch(
      /rename the header\) \(from a terminal: a --columns map file can name it\)$/,
    );
    expect(issueLine(unknown!, 'ar')).toContain('(من الطرفية: يمكن أن يسمّيه ملف ربط الأعمدة --columns)');
    expect(unknown!.message).not.toMatch(TERMINAL);
  });

  it("names --encoding in the CLI's line for garbled text, never for letters already lost", () => {
    const garbled: RowIssue = {
      row: 3,
      column: 'title',
      code: 'mojibake',
      severity: 'error',
      ...said('mojibake', { column: 'title', excerpt: '"Cafأ©"', encoding: 'Windows-1256' }),
    };
    expect(issueLine(garbled, 'en')).toMatch(
      /use that file instead \(from a terminal: --encoding utf8 reads the file as UTF-8\)$/,
    );
    expect(issueLine(garbled, 'ar')).toContain('(من الطرفية: يقرأ --encoding utf8 الملف بترميز UTF-8)');
    expect(garbled.message).not.toMatch(TERMINAL);
    const lost: RowIssue = { ...garbled, ...said('mojibake.replaced', { column: 'title', excerpt: '"Caf�"' }) };
    expect(issueLine(lost, 'en')).not.toMatch(TERMINAL);
  });
});
