/**
 * Reading sheet files: one entry point for CSV and XLSX. The format comes from the file's first
 * bytes, not its name. Everything returned streams; nothing holds the whole file.
 */
import { NotRegularFileError, openRegularFile } from '../../files/regular-file.ts';
import { said } from '../../messages/index.ts';
import { SheetFileError } from '../types.ts';
import { openCsv } from './csv-reader.ts';
import { openXlsx, xlsxSheets } from './xlsx-reader.ts';
import { compoundFileEntryNames } from './compound-file.ts';
import { compoundFileKind, isCompoundFile, sniffFileKind } from './sniff.ts';
import type { FileKind } from './sniff.ts';
import type { ReadOptions, SheetListing, SheetReader } from './types.ts';

export type { ReadOptions, SheetListing, SheetReader } from './types.ts';

function unreadable(file: string, error: unknown): SheetFileError {
  if (error instanceof NotRegularFileError)
    return new SheetFileError(file, error.code, said('file.not_regular', { kind: error.kind }), { cause: error });
  const code = (error as NodeJS.ErrnoException).code;
  const message =
    code === 'ENOENT'
      ? said('file.no_such_file', {})
      : code === 'EISDIR'
        ? said('file.is_folder', {})
        : said('file.cannot_open', { code: code ?? 'error' });
  return new SheetFileError(file, 'unreadable_file', message, { cause: error });
}

async function sniff(file: string): Promise<FileKind> {
  let handle;
  try {
    // A FIFO, socket or device is refused here, before anything waits on it.
    handle = await openRegularFile(file);
  } catch (error) {
    throw unreadable(file, error);
  }
  const opened = handle;
  try {
    const head = Buffer.alloc(4096);
    // A folder opens on Linux; reading it is what fails (EISDIR).
    const { bytesRead } = await opened.read(head, 0, head.length, 0);
    if (!isCompoundFile(head.subarray(0, bytesRead))) return sniffFileKind(head.subarray(0, bytesRead));
    const readAt = async (offset: number, length: number): Promise<Buffer> => {
      const bytes = Buffer.alloc(length);
      const { bytesRead: got } = await opened.read(bytes, 0, length, offset);
      return bytes.subarray(0, got);
    };
    return compoundFileKind(await compoundFileEntryNames(readAt).catch(() => null));
  } catch (error) {
    throw unreadable(file, error);
  } finally {
    await opened.close();
  }
}

/** Opens a CSV or XLSX file for reading. Throws SheetFileError for a file that cannot be read. */
export async function readSheetFile(file: string, options: ReadOptions = {}): Promise<SheetReader> {
  const kind = await sniff(file);
  if (kind.kind === 'unsupported') throw new SheetFileError(file, kind.code, kind.message);
  if (kind.kind === 'zip') return openXlsx(file, options);
  return openCsv(file, options);
}

/** The sheets of an XLSX workbook, in workbook order; null for a CSV file. */
export async function listSheets(file: string): Promise<SheetListing[] | null> {
  const kind = await sniff(file);
  if (kind.kind === 'unsupported') throw new SheetFileError(file, kind.code, kind.message);
  return kind.kind === 'zip' ? xlsxSheets(file) : null;
}
