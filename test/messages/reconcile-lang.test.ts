/**
 * An Arabic batch stays Arabic through `reconcile`: the rows it settles get Arabic messages, the
 * rows it leaves keep theirs, and messages.jsonl keeps every problem row's message as data. With
 * `--lang ar` the evidence (each category's reason) is printed in Arabic too.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { textOf, type MessageCarrier } from '../../src/messages/index.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { cli, useSandboxCli } from '../intake/cli.ts';

const t = useSandboxCli('reconcile-lang');

describe('reconcile of an ar batch', () => {
  it('writes the settled rows in Arabic and keeps the messages of the rows it leaves', async () => {
    // Two creates the store never wrote (500s, so unknown), one created, one invalid.
    t.sandbox.inject({ kind: 'status500', path: '/v1/create_product', times: 2 });
    const sheet = join(t.dir, 'ar.csv');
    await writeFile(sheet, 'title,category,sale_price,barcode\nD,2,1,r1\nE,2,1,r2\nF,2,1,r3\nG,2,abc,r4\n');
    const imported = await cli(['--lang', 'ar', 'import', sheet, '--json'], t.env);
    const batch = JSON.parse(imported.stdout) as BatchSummary;
    expect(batch.counts).toMatchObject({ unknown: 2, created: 1, invalid: 1 });
    const before = await readFile(join(batch.reportDir, 'results.csv'), 'utf8');
    expect(before).toContain('ربما أُنشئ المنتج وربما لا');

    // The evidence is said in the CLI's language: table and --json alike.
    const dry = await cli(['--lang', 'ar', 'reconcile', batch.batchId, '--dry-run'], t.env);
    expect(dry.stdout).toContain('ارتفع العدد بمقدار 1، أي بقدر عمليات الإنشاء المؤكدة (1) فقط');
    const json = await cli(['--lang', 'ar', 'reconcile', batch.batchId, '--dry-run', '--json'], t.env);
    const report = JSON.parse(json.stdout) as { categories: { reason: string }[]; leftUnknownRows: unknown[] };
    expect(report.categories[0]!.reason).toContain('لم تصل أي عملية إنشاء غير معروفة');
    expect(report.leftUnknownRows).toEqual([]);

    expect((await cli(['reconcile', batch.batchId], t.env)).code).toBe(0);
    const results = await readFile(join(batch.reportDir, 'results.csv'), 'utf8');
    expect(results).toContain('2,failed,لم يُنشأ (التصنيف 2: 0 -> 1،');
    expect(results).toContain('إعادة إرساله آمنة (أعد تشغيل الصفوف الفاشلة في الدفعة، أو صحّح الصف وأرسله)');
    expect(results).not.toContain('catalog-sync');
    expect(results).toContain('5,invalid,"sale_price: ""abc"" ليس رقمًا (المتوقع مثلًا 12.50)"');
    const lines = (await readFile(join(batch.reportDir, 'messages.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as MessageCarrier & { row: number });
    expect(lines.map((line) => [line.row, line.messageKey])).toEqual([
      [2, 'reconcile.not_created'],
      [3, 'reconcile.not_created'],
      [5, 'with_column'],
    ]);
    expect(textOf({ ...lines[2]!, message: '' }, 'en')).toBe('sale_price: "abc" is not a number (expected e.g. 12.50)');
  });
});
