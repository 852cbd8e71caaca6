/**
 * `ledger link --from <file.csv>`: links each product's create key (the key column, default
 * barcode) to its product_id from a list of both, such as the store admin's product export, so
 * that rows naming only the barcode update those products. One line per product; the header names
 * the columns (product_id, and the key column: `barcode`, `Barcode`, ...). A line whose keys are
 * linked to other products is refused, naming both; nothing is overwritten.
 */
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import type { Ledger, LedgerEntry } from './ledger.ts';
import { describeLedgerKey } from './key-text.ts';
import { linkWrites, productKey } from './links.ts';

export interface LinkReport {
  linked: number;
  already: number;
  /** Lines that could not be linked, with why (the row as Excel shows it: the header is row 1). */
  refused: { row: number; message: string }[];
}

const CHUNK = 500;

function headerIndex(header: readonly string[], names: readonly string[]): number {
  const wanted = new Set(names.map((name) => name.toLowerCase().replace(/[\s_-]+/g, '')));
  return header.findIndex((cell) =>
    wanted.has(
      cell
        .replace(/^\uFEFF/, '')
        .trim()
        .toLowerCase()
        .replace(/[\s_-]+/g, ''),
    ),
  );
}

export async function linkFromFile(
  file: string,
  ledger: Pick<Ledger, 'getMany' | 'setMany'>,
  keyColumn: string,
): Promise<LinkReport> {
  const report: LinkReport = { linked: 0, already: 0, refused: [] };
  const rows = createReadStream(file).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
  let idColumn = -1;
  let keyIndex = -1;
  let row = 0;
  let pending: { row: number; own: string; link: string }[] = [];
  const flush = async (): Promise<void> => {
    const keys = pending.flatMap(({ own, link }) => [own, link]);
    const entries = keys.length === 0 ? [] : await ledger.getMany(keys);
    // What this chunk wrote already: two lines of one file naming one key see each other.
    const written = new Map<string, LedgerEntry>();
    const writes: [string, LedgerEntry][] = [];
    for (const [i, line] of pending.entries()) {
      const found = {
        own: written.get(line.own) ?? entries[2 * i],
        link: written.get(line.link) ?? entries[2 * i + 1],
      };
      const answer = linkWrites(line.own, line.link, found, { batch: `link:${file}`, row: line.row });
      if (answer === null) report.already++;
      else if ('conflict' in answer) {
        const { key, other, entry } = answer.conflict;
        report.refused.push({
          row: line.row,
          message: `${describeLedgerKey(key)} is already linked to ${describeLedgerKey(other)} (batch ${entry.batch}, row ${entry.row}); nothing changed`,
        });
      } else {
        writes.push(...answer.writes);
        for (const [key, entry] of answer.writes) written.set(key, entry);
        report.linked++;
      }
    }
    if (writes.length > 0) await ledger.setMany(writes);
    pending = [];
  };
  for await (const record of rows as AsyncIterable<string[]>) {
    row++;
    if (row === 1) {
      idColumn = headerIndex(record, ['product_id', 'product id', 'id']);
      keyIndex = headerIndex(record, [keyColumn]);
      if (idColumn < 0 || keyIndex < 0)
        throw new Error(
          `${file}: row 1 must name the columns product_id and ${keyColumn} (found: ${record.join(', ').slice(0, 200)})`,
        );
      continue;
    }
    const id = Number((record[idColumn] ?? '').trim());
    const value = (record[keyIndex] ?? '').trim();
    if (!Number.isSafeInteger(id) || id <= 0) {
      report.refused.push({
        row,
        message: `product_id: "${(record[idColumn] ?? '').slice(0, 40)}" is not a product id`,
      });
      continue;
    }
    if (value === '') {
      report.refused.push({ row, message: `${keyColumn}: empty` });
      continue;
    }
    pending.push({ row, own: productKey(id), link: `k:${keyColumn}:${value}` });
    if (pending.length >= CHUNK) await flush();
  }
  await flush();
  return report;
}
