/**
 * What a user sees for an XLSX that is damaged or built wrong, or a path that is no file (issue
 * 11): `validate` names the file and what is wrong and exits 2, and `import` sends nothing. Fixtures are
 * crafted by test/fixtures/read/make-crafted-xlsx.ts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { productRows, workbook } from '../fixtures/read/make-crafted-xlsx.ts';
import { fixture } from './helpers.ts';

let dir: string;
let sandbox: SandboxHandle;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'damaged-xlsx-'));
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const env = {
    LOG_LEVEL: 'silent',
    STORE_URL: sandbox.url,
    STORE_EMAIL: sandbox.email,
    STORE_PASSWORD: sandbox.password,
    LEDGER_FILE: join(dir, 'ledger', 'ledger.jsonl'),
  };
  const code = await runCli([...args, '--report-dir', join(dir, 'reports')], { stdout, stderr, env });
  return { code, out, err };
}

describe('damaged deflate data that still inflates (one bit, only digits change)', () => {
  const file = fixture('damaged-sheet-data.xlsx');

  it('the same workbook undamaged is 300 valid creates', async () => {
    const whole = join(dir, 'undamaged.xlsx');
    await writeFile(whole, workbook(productRows()));
    const { code, out } = await cli('validate', whole);
    expect(out).toContain('creates:        300');
    expect(code).toBe(0);
  });

  it('validate: exit 2, naming the file and the checksum', async () => {
    const { code, out, err } = await cli('validate', file);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(`cannot read sheet: ${file}: the XLSX file is damaged or cut short`);
    expect(err).toContain('xl/worksheets/sheet1.xml does not match its checksum (CRC-32)');
  });

  it('import: exit 2, and nothing is sent to the store', async () => {
    sandbox.resetStats();
    const { code, err } = await cli('import', file);
    expect(code).toBe(2);
    expect(err).toContain('does not match its checksum (CRC-32)');
    expect(sandbox.requestCount('/v1/create_product')).toBe(0);
    expect(sandbox.requestCount('/v1/update_product')).toBe(0);
    expect(sandbox.products()).toHaveLength(0);
  });
});

describe('a file built wrong is a clear file error, not a crash', () => {
  it('a cell past column XFD (ZZZZZZ2): exit 2 naming the cell, no V8 crash', async () => {
    const file = fixture('column-past-xfd.xlsx');
    const { code, err } = await cli('validate', file);
    expect(code).toBe(2);
    expect(err).toContain(
      `cannot read sheet: ${file}: cell "ZZZZZZ2" (row 2) lies past column XFD, the last of the 16,384 columns a sheet has`,
    );
  });

  it('row numbers that go backwards: exit 2 naming the row', async () => {
    const file = fixture('row-numbers-backwards.xlsx');
    const { code, err } = await cli('validate', file);
    expect(code).toBe(2);
    expect(err).toContain(`cannot read sheet: ${file}: the sheet's row numbers are damaged: row "2" after row 3`);
  });

  it('a folder: exit 2, "this is a folder", no stack trace', async () => {
    const { code, err } = await cli('validate', dir);
    expect(code).toBe(2);
    expect(err.trim()).toBe(`cannot read sheet: ${dir}: this is a folder, not a file`);
  });
});
