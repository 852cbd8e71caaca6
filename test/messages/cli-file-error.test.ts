/**
 * A file the CLI cannot read, told in a real process: `validate --lang ar` (or an Arabic locale)
 * prints the error line in Arabic with the file's name as typed and exits 2; English by default.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../sheet-read/helpers.ts';
import { useTempDir } from '../helpers/use-world.ts';

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const tmp = useTempDir('cli-file-error', { once: true });

let damaged: string;
let empty: string;
beforeAll(async () => {
  // An XLSX cut short, as a failed download leaves it.
  const whole = await readFile(fixture('formulas-richtext.xlsx'));
  damaged = join(tmp.dir, 'منتجات.xlsx');
  await writeFile(damaged, whole.subarray(0, Math.floor(whole.length / 2)));
  empty = join(tmp.dir, 'فارغ.csv');
  await writeFile(empty, '');
});

async function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', REPORT_DIR: join(tmp.dir, 'reports'), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

describe('a file that cannot be read, from the CLI', () => {
  it('validate --lang ar of a damaged XLSX: one Arabic line naming the file, exit 2', async () => {
    const english = await run(['validate', damaged]);
    expect(english.code).toBe(2);
    const line = new RegExp(`^cannot read sheet: ${damaged}: (the XLSX file is damaged or cut short \\(.+\\))\\n$`);
    expect(english.stderr).toMatch(line);
    const detail = line.exec(english.stderr)![1]!;

    const arabic = await run(['--lang', 'ar', 'validate', damaged]);
    expect(arabic.code).toBe(2);
    expect(arabic.stderr).toBe(`تعذّرت قراءة الجدول: ${damaged}: ملف XLSX تالف أو ناقص، ولا يمكن قراءته (${detail})\n`);
  });

  it('an Arabic locale says it in Arabic too', async () => {
    const ran = await run(['validate', empty], { LANG: 'ar_SA.UTF-8' });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe(`تعذّرت قراءة الجدول: ${empty}: الملف فارغ\n`);
  });
});
