/**
 * CSV files as Excel and other tools write them: streamed through csv-parse, decoded with
 * iconv-lite when not UTF-8, with the encoding and delimiter detected from a sample.
 */
import { pipeline, Transform } from 'node:stream';
import type { Duplex } from 'node:stream';
import { parse, type Options as ParseOptions } from 'csv-parse';
import iconv from 'iconv-lite';
import { sameSnapshot, snapshotOfHandle, unchangedBytes } from '../../files/read-snapshot.ts';
import type { FileSnapshot } from '../../files/read-snapshot.ts';
import { NotRegularFileError, openRegularFile } from '../../files/regular-file.ts';
import { said } from '../../messages/index.ts';
import { SheetFileError } from '../types.ts';
import type { Cell, RawRow } from '../types.ts';
import { detectDelimiter, detectEncoding, detectSepHint } from './csv-detect.ts';
import { closestEncoding, COMMON_ENCODINGS } from './encoding-names.ts';
import { firstLineTooLong, lineLengthGuard, LineTooLongError } from './csv-lines.ts';
import { ReadablePuller } from './readable-puller.ts';
import type { ReadOptions, SheetReader } from './types.ts';

const SAMPLE_BYTES = 64 * 1024;
/** Far above any real row (Excel holds at most 32,767 characters in a cell); the longest line too. */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;
/** How far to look for the first non-ASCII byte when the start of the file is plain ASCII. */
const MAX_SCAN_BYTES = 64 * 1024 * 1024;

const isAscii = (bytes: Buffer): boolean => bytes.every((byte) => byte < 0x80);

/**
 * The file's first block (BOM, header line) and a block to decide the encoding from: a file
 * that starts with English columns may only show its Arabic (and so its encoding) far down.
 */
async function readSamples(file: string): Promise<{ head: Buffer; encodingSample: Buffer; snapshot: FileSnapshot }> {
  const handle = await openFile(file);
  try {
    const snapshot = await snapshotOfHandle(handle);
    const read = async (position: number): Promise<Buffer> => {
      const buffer = Buffer.alloc(SAMPLE_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, position);
      return buffer.subarray(0, bytesRead);
    };
    const head = await read(0);
    // A file on one line is refused now, before csv-parse spends seconds per MB on it.
    if (await firstLineTooLong(handle, head, MAX_RECORD_BYTES))
      throw unreadableNear(file, 1, new LineTooLongError(MAX_RECORD_BYTES));
    let block = head;
    for (let position = 0; isAscii(block) && block.length === SAMPLE_BYTES && position < MAX_SCAN_BYTES;) {
      position += SAMPLE_BYTES - 4; // overlap, so no character is cut at both ends
      block = await read(position);
      // Start on a character boundary: skip UTF-8 continuation bytes cut from the previous block.
      let start = 0;
      while (start < 3 && block[start] !== undefined && (block[start]! & 0xc0) === 0x80) start++;
      block = block.subarray(start);
    }
    return { head, encodingSample: block, snapshot };
  } finally {
    await handle.close();
  }
}

interface Decoding {
  encoding: string;
  /** Bytes to skip at the start (a UTF-8 BOM we strip ourselves). */
  skip: number;
}

function chooseDecoding(file: string, head: Buffer, encodingSample: Buffer, override: string | undefined): Decoding {
  const fromBom = detectEncoding(head.subarray(0, 4));
  const detected = fromBom.bomLength > 0 ? fromBom : detectEncoding(encodingSample);
  if (override === undefined)
    return { encoding: detected.encoding, skip: detected.encoding === 'utf-8' ? detected.bomLength : 0 };
  if (!iconv.encodingExists(override)) {
    const params = {
      encoding: override,
      closest: closestEncoding(override) ?? '',
      common: COMMON_ENCODINGS.join(', '),
    };
    throw new SheetFileError(file, 'unknown_encoding', said('file.unknown_encoding', params));
  }
  const isUtf8 = /^utf-?8$/i.test(override);
  return { encoding: isUtf8 ? 'utf-8' : override, skip: isUtf8 && detected.bomLength === 3 ? 3 : 0 };
}

/** Non-UTF-8 bytes to UTF-8; null for UTF-8, which csv-parse decodes itself, byte-safe across chunks. */
function toUtf8(decoding: Decoding): Transform | null {
  if (decoding.encoding === 'utf-8') return null;
  // iconv's decoder strips a BOM and keeps a character split across two chunks whole.
  const decoder = iconv.getDecoder(decoding.encoding);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, Buffer.from(decoder.write(chunk), 'utf8'));
    },
    flush(callback) {
      callback(null, Buffer.from(decoder.end() ?? '', 'utf8'));
    },
  });
}

interface Records {
  records: ReadablePuller<string[]>;
  close: () => Promise<void>;
}

/** One pass over the file's records, read from the file as it was first opened (or a `file_changed` error). */
async function parseFile(
  file: string,
  snapshot: FileSnapshot,
  decoding: Decoding,
  options: ParseOptions,
): Promise<Records> {
  const handle = await openFile(file);
  try {
    if (!sameSnapshot(snapshot, await snapshotOfHandle(handle))) throw changed(file);
  } catch (error) {
    await handle.close();
    throw error;
  }
  const bytes = handle.createReadStream({ start: decoding.skip });
  // The rows must come from the file the check pass read: no byte written after a change goes on.
  const guard = unchangedBytes(file, snapshot, () => changed(file));
  const decoder = toUtf8(decoding);
  const parser = parse(options);
  const noop = (): void => undefined; // errors reach the parser, read through the puller
  const lines = lineLengthGuard(MAX_RECORD_BYTES);
  const streams: Duplex[] = decoder === null ? [guard, lines, parser] : [guard, decoder, lines, parser];
  pipeline([bytes, ...streams], noop);
  const destroyAll = (): void => {
    for (const stream of [bytes, ...streams]) stream.destroy();
  };
  return {
    records: new ReadablePuller<string[]>(parser),
    close: () => {
      destroyAll();
      return Promise.resolve();
    },
  };
}

/** The file, refused without waiting when it is not a regular file (swapped for a FIFO since it was sniffed). */
async function openFile(file: string): ReturnType<typeof openRegularFile> {
  try {
    return await openRegularFile(file);
  } catch (error) {
    if (error instanceof NotRegularFileError)
      throw new SheetFileError(file, error.code, said('file.not_regular', { kind: error.kind }), { cause: error });
    throw error;
  }
}

const changed = (file: string): SheetFileError => new SheetFileError(file, 'file_changed', said('file.changed', {}));

function unreadableNear(file: string, row: number, error: unknown): SheetFileError {
  if (error instanceof SheetFileError) return error;
  if (error instanceof LineTooLongError)
    return new SheetFileError(
      file,
      'line_too_long',
      said('file.line_too_long', {
        row,
        mib: error.limit / (1024 * 1024),
        bytes: new Intl.NumberFormat('en-US').format(error.limit),
      }),
      { cause: error },
    );
  const code = (error as { code?: string }).code;
  const why =
    code === 'CSV_MAX_RECORD_SIZE' || code === 'CSV_QUOTE_NOT_CLOSED'
      ? said('file.unclosed_quote', { row })
      : said('file.unreadable_csv', { row, detail: (error as Error).message });
  return new SheetFileError(file, 'unreadable_csv', why, { cause: error });
}

/**
 * The whole file parsed once, keeping nothing, before any row leaves: a quote never closed or a
 * record too long deep in the file fails it here, with nothing sent, instead of after the rows
 * before it went to the store. About as much CPU again as reading the rows (bench/RESULTS.md).
 */
async function checkRecords(file: string, pass: Records): Promise<void> {
  let count = 0;
  try {
    for (;;) {
      while (pass.records.read() !== null) count++;
      if (!(await pass.records.more())) return;
    }
  } catch (error) {
    throw unreadableNear(file, count + 1, error);
  } finally {
    await pass.close();
  }
}

function toCells(record: string[]): Cell[] {
  return record.map(cellOf);
}

/**
 * A field as Excel shows it. `="0012345678905"` is Excel's formula for a text constant, written
 * so by systems that want a barcode to keep its zeros in Excel; Excel shows `0012345678905`
 * (and `a"b` for `="a""b"`). Any other formula stays text as written.
 */
function cellOf(value: string): Cell {
  if (value === '') return null;
  if (value.charCodeAt(0) !== 61 /* = */ || !TEXT_FORMULA.test(value)) return value;
  const text = value.slice(2, -1).replaceAll('""', '"');
  return text === '' ? null : text;
}

/** `="..."` whose inner quotes are all doubled. */
const TEXT_FORMULA = /^="(?:[^"]|"")*"$/s;

const isEmpty = (record: string[]): boolean => record.every((value) => value === '');

function trimTrailingEmpty(headers: string[]): string[] {
  let end = headers.length;
  while (end > 0 && headers[end - 1] === '') end--;
  return headers.slice(0, end);
}

export async function openCsv(file: string, options: ReadOptions = {}): Promise<SheetReader> {
  const { head, encodingSample, snapshot } = await readSamples(file);
  const decoding = chooseDecoding(file, head, encodingSample, options.encoding);
  const headText = iconv.decode(head.subarray(decoding.skip), decoding.encoding);
  const sepHint = detectSepHint(headText);
  const delimiter = options.delimiter ?? sepHint ?? detectDelimiter(headText);
  if (delimiter.length === 0) throw new SheetFileError(file, 'bad_delimiter', said('file.bad_delimiter', {}));

  const parseOptions: ParseOptions = {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    // A quote never closed would otherwise gather the rest of the file into one field in memory.
    max_record_size: MAX_RECORD_BYTES,
    // Excel hides a `sep=` line: the header after it is row 1.
    from_line: sepHint === null ? 1 : 2,
  };
  await checkRecords(file, await parseFile(file, snapshot, decoding, parseOptions));
  const { records, close } = await parseFile(file, snapshot, decoding, parseOptions);

  // A person counts records, not lines: record n (1-based) is the row Excel shows.
  let recordNumber = 0;
  /** Waits for the next parsed chunk; false at the end. */
  const more = async (): Promise<boolean> => {
    try {
      return await records.more();
    } catch (error) {
      throw unreadableNear(file, recordNumber + 1, error);
    }
  };
  /** The next record (counted), or null at the end; waits only when nothing is buffered. */
  const next = async (): Promise<string[] | null> => {
    for (;;) {
      const record = records.read();
      if (record !== null) {
        recordNumber++;
        return record;
      }
      if (!(await more())) return null;
    }
  };

  let header: string[] | null = null;
  for (let record = await next(); record !== null; record = await next()) {
    if (!isEmpty(record)) {
      header = record;
      break;
    }
  }
  if (header === null) {
    await close();
    throw new SheetFileError(file, 'no_header', said('file.no_header', {}));
  }
  const headerRow = recordNumber;

  async function* rows(): AsyncGenerator<RawRow> {
    try {
      for (;;) {
        let record: string[] | null;
        // Everything already parsed goes out without waiting; wait only for the next chunk.
        while ((record = records.read()) !== null) {
          recordNumber++;
          if (!isEmpty(record)) yield { row: recordNumber, values: toCells(record) };
        }
        if (!(await more())) return;
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
    fieldCount: header.length,
    rows: rows(),
    close,
  };
}
