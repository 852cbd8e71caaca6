/**
 * Test-only check (not part of the vitest suite: LibreOffice takes seconds and may be absent):
 * writes a results.xlsx with tricky cells, converts it to CSV with headless LibreOffice and
 * checks the cells it shows. Exits 0 when LibreOffice is not installed.
 *
 *   npx tsx test/report/libreoffice-open.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ResultsXlsxWriter } from '../../src/report/xlsx-writer.ts';

function soffice(): string | null {
  try {
    return execFileSync('which', ['soffice'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

const bin = soffice();
if (!bin) {
  console.log('soffice not found: skipped');
  process.exit(0);
}
const dir = await mkdtemp(join(tmpdir(), 'xlsx-lo-'));
try {
  const file = join(dir, 'results.xlsx');
  const writer = new ResultsXlsxWriter(file, ['title', 'title_ar', 'price']);
  const inputs = [
    ['Tea & <b>', 'شاي أخضر', '5'],
    ['x _x0041_ y', 'قهوة', '=1+2'],
    ['bell\u0001', 'pair 😀', '-5'],
  ];
  for (const [i, cells] of inputs.entries()) {
    await writer.write({
      row: i + 2,
      cells,
      result: { row: i + 2, outcome: i === 1 ? 'failed' : 'created', message: 'm', httpStatus: 422, attempts: 1 },
    });
  }
  await writer.commit();
  // Own profile dir: never touches a user's LibreOffice settings, no clash with another instance.
  execFileSync(
    bin,
    [
      `-env:UserInstallation=file://${join(dir, 'profile')}`,
      '--headless',
      '--convert-to',
      'csv:Text - txt - csv (StarCalc):44,34,76',
      '--outdir',
      dir,
      file,
    ],
    {
      stdio: 'ignore',
      timeout: 120_000,
    },
  );
  const csv = await readFile(join(dir, 'results.csv'), 'utf8');
  const expected = [
    'row,outcome,message,title,title_ar,price,http_status,attempts',
    '2,created,m,Tea & <b>,شاي أخضر,5,422,1',
    "3,failed,m,x _x0041_ y,قهوة,'=1+2,422,1",
    '4,created,m,bell,pair 😀,-5,422,1',
  ].join('\n');
  if (csv.trim() !== expected) {
    console.error(`LibreOffice shows:\n${csv}\nexpected:\n${expected}`);
    process.exit(1);
  }
  console.log('LibreOffice opened results.xlsx: every cell as written');
} finally {
  await rm(dir, { recursive: true, force: true });
}
