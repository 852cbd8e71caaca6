/**
 * The one error this library throws. `code` is stable (callers branch on it); `message` is a
 * sentence for a person, without the file's name (the caller knows which file it opened).
 */
export type XlsxErrorCode =
  /** The ZIP or its XML is damaged or cut short: a checksum, size, record or tag is wrong. */
  | 'damaged'
  /** A ZIP, but not an XLSX workbook (an .ods, a Word document, any other archive). */
  | 'not_xlsx'
  /** The sheet asked for is a chart sheet, or its part is missing. */
  | 'not_worksheet'
  /** The file changed on disk between two reads of it (saved again, still being copied). */
  | 'changed'
  /** The file cannot be read at all (missing, a folder, no permission). */
  | 'unreadable'
  /** A part unpacks to more than XlsxLimits allow, or a written file would pass 4 GB (no ZIP64). */
  | 'too_large';

export class XlsxError extends Error {
  override readonly name = 'XlsxError';
  constructor(
    readonly code: XlsxErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Any failure as an XlsxError: ours pass through, the rest (zlib, fs) say what broke. */
export function asXlsxError(error: unknown, what: string): XlsxError {
  if (error instanceof XlsxError) return error;
  return new XlsxError('damaged', `${what} (${(error as Error).message})`, { cause: error });
}
