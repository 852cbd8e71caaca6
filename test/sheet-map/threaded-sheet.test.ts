/**
 * openSheet on the sheet thread gives what openSheet gives here: the same header facts, the
 * same rows in the same order, the same errors (SheetFileError, for the CLI's exit code 2).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSheet, type OpenedSheet } from '../../src/sheet/open.ts';
import { openSheetInThread } from '../../src/sheet/thread/threaded-sheet.ts';
import { SheetFileError, type SheetRowResult } from '../../src/sheet/types.ts';
import { MAX_RECORD_BYTES } from '../../src/sheet/read/csv-reader.ts';
import { fixture as readFixture } from '../sheet-read/helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'threaded-sheet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 1,700 rows (several chunks): updates, creates with Arabic twins, a duplicate, a bad price, a quoted comma. */
function bigCsv(): string {
  const file = join(dir, 'big.csv');
  const lines = ['product_id,title,title_ar,sale_price,category,barcode'];
  for (let i = 0; i < 1700; i++) {
    if (i === 600) lines.push(',"Mug, large",كوب كبير,abc,1,b600');
    else if (i === 900) lines.push(',Dup,مكرر,3,1,b1');
    else if (i % 2 === 0) lines.push(`${1000 + i},Item ${i},منتج ${i},${i % 50}.5,${(i % 6) + 1},`);
    else lines.push(`,Item ${i},منتج ${i},${i % 50},${(i % 6) + 1},b${i}`);
  }
  writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  return file;
}

async function collect(sheet: OpenedSheet): Promise<SheetRowResult[]> {
  const rows: SheetRowResult[] = [];
  for await (const row of sheet.rows()) rows.push(row);
  return rows;
}

function facts(sheet: OpenedSheet) {
  const { file, format, sheetName, encoding, delimiter, kind, headers, headerIssues, rowSignature } = sheet;
  return { file, format, sheetName, encoding, delimiter, kind, headers, headerIssues, rowSignature };
}

describe('openSheetInThread', () => {
  it.each([
    ['a 1,700-row CSV', bigCsv()],
    ['an XLSX', readFixture('formulas-richtext.xlsx')],
    ['a windows-1256 CSV', readFixture('windows-1256.csv')],
  ])('reads %s exactly as openSheet does', async (_name, file) => {
    const here = await openSheet(file);
    const there = await openSheetInThread(file);
    expect(facts(there)).toEqual(facts(here));
    const [expected, actual] = [await collect(here), await collect(there)];
    expect(actual).toEqual(expected);
    expect(actual.length).toBeGreaterThan(0);
    await there.close();
  });

  it('a second pass reads every row again; stopping a pass early is fine', async () => {
    const sheet = await openSheetInThread(bigCsv());
    for await (const row of sheet.rows()) {
      expect(row.row).toBe(2);
      break;
    }
    const rows = await collect(sheet);
    expect(rows).toHaveLength(1700);
    expect(rows.at(-1)?.row).toBe(1701);
    // Row issues cross the thread with their row and column.
    expect(rows.find((row) => row.row === 602)).toMatchObject({
      plan: null,
      issues: [expect.objectContaining({ row: 602, column: 'sale_price', severity: 'error' })],
    });
    // Fresh duplicate checks on the second pass: the one duplicate is found once.
    expect(
      rows.flatMap((row) => row.issues.map((issue) => issue.code)).filter((code) => code === 'duplicate_barcode'),
    ).toHaveLength(1);
    await sheet.close();
  });

  it('a missing file or column map is the SheetFileError openSheet gives', async () => {
    const missing = join(dir, 'nope.csv');
    const here = await openSheet(missing).catch((error: unknown) => error);
    const there = await openSheetInThread(missing).catch((error: unknown) => error);
    expect(there).toBeInstanceOf(SheetFileError);
    expect(there).toMatchObject({
      message: (here as Error).message,
      code: (here as SheetFileError).code,
      file: missing,
    });
    await expect(openSheetInThread(bigCsv(), { columns: join(dir, 'missing.yaml') })).rejects.toThrow(
      /missing\.yaml: cannot read the column map file/,
    );
  });

  it('a file that breaks part-way gives the rows before the break, then its SheetFileError', async () => {
    const file = join(dir, 'runaway-quote.csv');
    const good = Array.from({ length: 700 }, (_, i) => `Item ${i},${i},1`).join('\r\n');
    const body = 'Lamp,plain text,249\r\n'.repeat(Math.ceil((MAX_RECORD_BYTES * 1.2) / 21));
    writeFileSync(file, `title,sale_price,category\r\n${good}\r\nMug,"opened and never closed,3\r\n${body}`);
    const rows: number[] = [];
    let failure: unknown;
    const sheet = await openSheetInThread(file);
    try {
      for await (const row of sheet.rows()) rows.push(row.row);
    } catch (error) {
      failure = error;
    }
    expect(rows).toHaveLength(700);
    expect(failure).toBeInstanceOf(SheetFileError);
    expect((failure as SheetFileError).code).toBe('unreadable_csv');
    expect((failure as Error).message).toContain('a quoted field opened there is never closed');
  });

  it('does not keep a finished process alive (the thread is let go once no pass is running)', async () => {
    const run = await runScript(
      `const sheet = await openSheetInThread(${JSON.stringify(bigCsv())});\nlet n = 0;\nfor await (const row of sheet.rows()) n += row.row > 0 ? 1 : 0;\nconsole.log(n);\n`,
    );
    expect(run).toEqual({ code: 0, out: '1700' });
  });

  it('a thread started ahead (worker, watch) does not keep the process alive either', async () => {
    const run = await runScript("warmSheetThread();\nconsole.log('started');\n");
    expect(run).toEqual({ code: 0, out: 'started' });
  });
});

/** Runs `body` (with the threaded-sheet exports in scope) in its own tsx process; null code: it never exited. */
async function runScript(body: string): Promise<{ code: number | null; out: string }> {
  const script = join(dir, `script-${Math.random().toString(36).slice(2)}.mts`);
  const module = new URL('../../src/sheet/thread/threaded-sheet.ts', import.meta.url).href;
  writeFileSync(
    script,
    `import { openSheetInThread, warmSheetThread } from ${JSON.stringify(module)};\nvoid openSheetInThread; void warmSheetThread;\n${body}`,
  );
  const tsx = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
  const child = spawn(tsx, [script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => {
    // Generous: only a process that never exits trips this.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, 30_000);
    child.on('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  return { code, out: out.trim() };
}
