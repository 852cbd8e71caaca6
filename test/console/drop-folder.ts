/**
 * A drop folder with a file in each state, as the drop-folder intake leaves them (names stamped
 * `<yyyymmdd-hhmmss>-<id>--<name>`): one waiting in inbox/ (beside one still being copied, `.part`,
 * which no list shows), one in progress, one done whose report says a row needs a fix (with its
 * failed.csv), and one failed with its error.txt.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function fillDropFolder(drop: string): Promise<void> {
  for (const sub of ['inbox', 'processing', 'done', 'failed', '.locks'])
    await mkdir(join(drop, sub), { recursive: true });
  await writeFile(join(drop, 'inbox', 'spring.csv'), 'title\nA\n');
  await writeFile(join(drop, 'inbox', 'half-copied.csv.part'), 'title\n');
  await writeFile(join(drop, 'processing', '20260122-031500-aaaaaa--big.xlsx'), 'x');
  const done = '20260121-101500-bbbbbb--prices.csv';
  await writeFile(join(drop, 'done', done), 'title,sale_price\nA,1\nB,x\n');
  await writeFile(
    join(drop, 'done', `${done}.report.json`),
    JSON.stringify({
      file: 'prices.csv',
      status: 'needs_fix',
      batchId: '20260121-101501-cccccc',
      total: 2,
      counts: { created: 1, invalid: 1 },
      message: 'batch 20260121-101501-cccccc: 2 rows: created 1, invalid 1; 1 row needs a fix',
    }),
  );
  await writeFile(join(drop, 'done', `${done}.failed.csv`), 'title,sale_price,row\nB,x,3\n');
  const failed = '20260120-080000-dddddd--broken.xlsx';
  await writeFile(join(drop, 'failed', failed), 'not a zip');
  await writeFile(
    join(drop, 'failed', `${failed}.error.txt`),
    'broken.xlsx: not an XLSX file (a damaged ZIP)\n(code bad_zip)\n',
  );
}
