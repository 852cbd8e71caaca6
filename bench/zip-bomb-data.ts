/**
 * A ~1 MB XLSX whose shared strings unpack to ~1 GB (one string of a repeated letter): the zip
 * bomb of issue 12. Built with our ZIP writer (bench input only; the tests craft theirs apart).
 */
import { createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { ZipWriter } from '../src/xlsx/zip/writer.ts';
import { BENCH_DIR } from './sheet-read-data.ts';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

async function writeBomb(file: string, megabytes: number): Promise<void> {
  const out = createWriteStream(file);
  const sink = {
    write: (chunk: Uint8Array): Promise<void> | undefined =>
      out.write(chunk) ? undefined : once(out, 'drain').then(() => undefined),
  };
  const zip = new ZipWriter(sink, new Date(), 9);
  await zip.file(
    '_rels/.rels',
    `${XML}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  await zip.file(
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Products" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  await zip.file(
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  await zip.file(
    'xl/worksheets/sheet1.xml',
    `${XML}<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row>` +
      '<row r="2"><c r="A2" t="s"><v>1</v></c></row></sheetData></worksheet>',
  );
  const strings = await zip.entry('xl/sharedStrings.xml');
  await strings.write(Buffer.from(`${XML}<sst xmlns="${MAIN}"><si><t>title</t></si><si><t>`));
  const block = Buffer.alloc(1024 * 1024, 'a');
  for (let i = 0; i < megabytes; i++) await strings.write(block);
  await strings.write(Buffer.from('</t></si></sst>'));
  await strings.end();
  await zip.finish();
  out.end();
  await once(out, 'close');
}

/** The bomb file (written once, through a temp name). */
export async function ensureZipBomb(megabytes = 1024): Promise<string> {
  mkdirSync(BENCH_DIR, { recursive: true });
  const file = join(BENCH_DIR, `zip-bomb-${megabytes}mb.xlsx`);
  if (!existsSync(file)) {
    await writeBomb(`${file}.tmp`, megabytes);
    renameSync(`${file}.tmp`, file);
  }
  return file;
}
