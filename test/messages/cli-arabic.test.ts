/**
 * Arabic from the command line, in a real process: `validate --lang ar` (or an Arabic locale)
 * prints its summary and row messages in Arabic naming the row and the column as typed; `import`
 * under an Arabic locale writes an `ar` batch, its report's messages in Arabic and summary.json
 * saying `lang: ar`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { until } from '../helpers/until.ts';
import { useSandboxWorld } from '../helpers/use-world.ts';
import { childRun } from '../helpers/child-run.ts';
import { problemsInEnglish } from './report-messages.ts';

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const world = useSandboxWorld('cli-arabic', { once: true });

let sheet: string;
beforeAll(async () => {
  // Row 2 is good; row 3 has a price typed with a letter O, under an Arabic header; row 4 updates
  // a product the store does not have (the store refuses it in its own words).
  const rows = [',شاي,12.50,1,AR-1', ',قهوة,"12,5O",1,AR-2', '999999,,7,,'];
  sheet = await world.sheet('منتجات.csv', ['product_id,title,سعر البيع,category,barcode', ...rows]);
});
interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI from its sources, with the world's folders and a silent log, then `env`. */
const spawnCli = (args: string[], env: Record<string, string>) =>
  spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'silent',
      REPORT_DIR: join(world.dir, 'reports'),
      LEDGER_FILE: join(world.dir, 'ledger', 'ledger.jsonl'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

const run = (args: string[], env: Record<string, string> = {}): Promise<Ran> => childRun(spawnCli(args, env));

const ARABIC_ROW = 'الصف 3، سعر البيع [خطأ] سعر البيع: "12,5O" ليس رقمًا (المتوقع مثلًا 12.50)';
const ENGLISH_ROW = 'row 3, سعر البيع [error] سعر البيع: "12,5O" is not a number (expected e.g. 12.50)';

describe('row messages in Arabic from the CLI', () => {
  it('validate --lang ar prints the row, the column and the value as typed, in Arabic', async () => {
    const ran = await run(['--lang', 'ar', 'validate', sheet, '--errors-csv', join(world.dir, 'issues.csv')]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain(ARABIC_ROW);
    // The summary's labels too: nothing of it in English but the file, field names and values.
    expect(ran.stdout).toContain('  للإنشاء: 1\n');
    expect(ran.stdout).toContain('أول الأخطاء (1 من 1):\n');
    expect(ran.stdout).toContain(`كُتبت مشكلات الصفوف في ${join(world.dir, 'issues.csv')}\n`);
    expect(ran.stdout).toContain('غير صالح: لن تُرسل الصفوف أعلاه حتى تُصحَّح\n');
    for (const label of ['creates:', 'first errors', 'row issues written', 'not valid', '[error]'])
      expect(ran.stdout).not.toContain(label);
    const csv = await readFile(join(world.dir, 'issues.csv'), 'utf8');
    expect(csv).toContain('سعر البيع: ""12,5O"" ليس رقمًا (المتوقع مثلًا 12.50)');
  });

  it('follows an Arabic locale, and --lang en wins over it', async () => {
    expect((await run(['validate', sheet], { LANG: 'ar_SA.UTF-8' })).stdout).toContain(ARABIC_ROW);
    expect((await run(['--lang', 'en', 'validate', sheet], { LANG: 'ar_SA.UTF-8' })).stdout).toContain(ENGLISH_ROW);
    expect((await run(['validate', sheet], { LANG: 'C.UTF-8' })).stdout).toContain(ENGLISH_ROW);
  });

  it('refuses a language it does not speak', async () => {
    const ran = await run(['--lang', 'fr', 'validate', sheet]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/--lang.*fr/);
  });

  it('import under an Arabic locale writes an ar batch: Arabic row messages in its report', async () => {
    const ran = await run(['import', sheet, '--json'], { LANG: 'ar_SA.UTF-8', ...world.storeEnv });
    expect(ran.code).toBe(1);
    const summary = JSON.parse(ran.stdout) as BatchSummary;
    expect(summary.lang).toBe('ar');
    expect(summary.counts).toMatchObject({ created: 1, invalid: 1, failed: 1 });
    const written = JSON.parse(await readFile(join(summary.reportDir, 'summary.json'), 'utf8')) as BatchSummary;
    expect(written.lang).toBe('ar');
    const results = await readFile(join(summary.reportDir, 'results.csv'), 'utf8');
    expect(results).toContain('2,created,أُنشئ المنتج');
    expect(results).toContain('3,invalid,"سعر البيع: ""12,5O"" ليس رقمًا (المتوقع مثلًا 12.50)"');
    // The store's own words stay as it said them, inside an Arabic frame.
    expect(results).toContain('4,failed,ردّ المتجر: Product not found');
    const failed = await readFile(join(summary.reportDir, 'failed.csv'), 'utf8');
    expect(failed).toContain('ليس رقمًا');
    expect(failed).toContain('ردّ المتجر: Product not found');
    expect(failed).not.toContain('created');
    // The problem rows' messages as data: another reader can show them in English.
    expect(await problemsInEnglish(summary.reportDir)).toEqual([
      [3, 'سعر البيع', 'سعر البيع: "12,5O" is not a number (expected e.g. 12.50)'],
      [4, undefined, 'Product not found'],
    ]);
  });

  it('import --lang ar prints its summary lines in Arabic, with the outcomes as the console names them', async () => {
    const arabicSheet = join(world.dir, 'منتجات-2.csv');
    await writeFile(arabicSheet, 'title,sale_price,category,barcode\nشاي,12.50,1,AR-SUM-1\nقهوة,"12,5O",1,AR-SUM-2\n');
    const ran = await run(['import', arabicSheet, '--lang', 'ar'], world.storeEnv);
    expect(ran.code).toBe(1);
    const [head, ...rest] = ran.stdout.trim().split('\n');
    expect(head).toMatch(/^الدفعة \S+: صفوف 2: أُنشئ 1، غير صالح 1$/);
    expect(rest.at(-1)).toMatch(/^التقرير: /);
    expect(ran.stdout).not.toMatch(/\b(batch|rows|created|invalid|report)\b/);
  });

  it('watch --lang ar: a dropped sheet makes an ar batch', async () => {
    const drop = join(world.dir, 'drop');
    const child = spawnCli(['--lang', 'ar', 'watch', '--dir', drop], world.storeEnv);
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    try {
      await until(() => stdout.includes('watching'), 'the watcher to say it is watching');
      // Written beside the inbox, then moved in whole: the watcher sees one finished file.
      await mkdir(join(drop, 'inbox'), { recursive: true });
      await writeFile(join(drop, 'dropped.csv'), 'title,category,sale_price,barcode\nWatch Tea,1,oops,W-1\n');
      await rename(join(drop, 'dropped.csv'), join(drop, 'inbox', 'dropped.csv'));
      const done = join(drop, 'done');
      let reportJson = '';
      await until(async () => {
        const names = await readdir(done).catch(() => [] as string[]);
        reportJson = names.find((name) => name.endsWith('.report.json')) ?? '';
        return reportJson !== '';
      }, 'the dropped file to be done');
      const report = JSON.parse(await readFile(join(done, reportJson), 'utf8')) as { reportDir: string };
      const summary = JSON.parse(await readFile(join(report.reportDir, 'summary.json'), 'utf8')) as BatchSummary;
      expect(summary.lang).toBe('ar');
      expect(await readFile(join(report.reportDir, 'failed.csv'), 'utf8')).toContain(
        'sale_price: ""oops"" ليس رقمًا (المتوقع مثلًا 12.50)',
      );
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});
