/**
 * CSV files as Excel and other tools write them: streamed through csv-parse, decoded with
 * iconv-lite when not UTF-8, with the encoding and delimiter detected from a sample.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { SheetFileError } from '../types.ts';
import type { Cell, RawRow } from '../types.ts';
import { detectDelimiter, detectEncoding } from './csv-detect.ts';
import type { ReadOptions, SheetReader } from './types.ts';

const SAMPLE_BYTES = 64 * 1024;

interface Decoding {
  encoding: string;
  /** Bytes to skip at the start (a UTF-8 BOM we strip ourselves). */
  skip: number;
}

function chooseDecoding(file: string, sample: Buffer, override: string | undefined): Decoding {
  const detected = detectEncoding(sample);
  if (override === undefined) return { encoding: detected.encoding, skip: detected.encoding === 'utf-8' ? detected.bomLength : 0 };
  if (!iconv.encodingExists(override)) {
    throw new SheetFileError(file, 'unknown_encoding', `unknown encoding "${String(override)}" (try utf-8, windows-1256 or utf-16le)`);
  }
  const isUtf8 = /^utf-?8$/i.test(override);
  return { encoding: isUtf8 ? 'utf-8' : override, skip: isUtf8 && detected.bomLength === 3 ? 3 : 0 };
}

function decodedStream(path: string, decoding: Decoding): Readable {
  const bytes = createReadStream(path, { start: decoding.skip });
  if (decoding.encoding === 'utf-8') return bytes; // csv-parse decodes UTF-8 itself, byte-safe across chunks
  // iconv's decoder strips a BOM and keeps a character split across two chunks whole.
  const decoder = iconv.getDecoder(decoding.encoding);
  const toUtf8 = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, Buffer.from(decoder.write(chunk), 'utf8'));
    },
    flush(callback) {
      callback(null, Buffer.from(decoder.end() ?? '', 'utf8'));
    },
  });
  bytes.on('error', (error) => toUtf8.destroy(error));
  return bytes.pipe(toUtf8);
}

function toCells(record: string[]): Cell[] {
  return record.map((value) => (value === '' ? null : value));
}

const isEmpty = (record: string[]): boolean => record.every((value) => value === '');

function trimTrailingEmpty(headers: string[]): string[] {
  let end = headers.length;
  while (end > 0 && headers[end - 1] === '') end--;
  return headers.slice(0, end);
}

export async function openCsv(file: string, options: ReadOptions = {}): Promise<SheetReader> {
  const handle = await open(file, 'r');
  let sample: Buffer;
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
    sample = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const decoding = chooseDecoding(file, sample, options.encoding);
  const delimiter = options.delimiter ?? detectDelimiter(iconv.decode(sample.subarray(decoding.skip), decoding.encoding));
  if (delimiter.length === 0) throw new SheetFileError(file, 'bad_delimiter', 'the delimiter must not be empty');

  const source = decodedStream(file, decoding);
  const parser = parse({
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
  });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const close = async (): Promise<void> => {
    source.destroy();
    parser.destroy();
    await records.return?.();
  };

  // A person counts records, not lines: record n (1-based) is the row Excel shows.
  let recordNumber = 0;
  const next = async (): Promise<IteratorResult<string[]>> => {
    try {
      const result = await records.next();
      if (!result.done) recordNumber++;
      return result;
    } catch (error) {
      throw new SheetFileError(file, 'unreadable_csv', `cannot read CSV near row ${recordNumber + 1}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  };

  let header: string[] | null = null;
  for (let result = await next(); !result.done; result = await next()) {
    if (!isEmpty(result.value)) {
      header = result.value;
      break;
    }
  }
  if (header === null) {
    await close();
    throw new SheetFileError(file, 'no_header', 'the file has no header row (it is empty or blank)');
  }
  const headerRow = recordNumber;

  async function* rows(): AsyncGenerator<RawRow> {
    try {
      for (let result = await next(); !result.done; result = await next()) {
        if (isEmpty(result.value)) continue;
        yield { row: recordNumber, values: toCells(result.value) };
      }
    } finally {
      await close();
    }
  }

  return {
    file,
    format: 'csv',
    sheetName: null,
    encoding: decoding.encoding,
    delimiter,
    headers: trimTrailingEmpty(header),
    headerRow,
    rows: rows(),
    close,
  };
}
