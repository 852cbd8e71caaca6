/**
 * What kind of file this is, from its first bytes, never from its name: people rename files,
 * and Excel happily saves a CSV as `.xls`.
 */
import { said, type Said } from '../../messages/index.ts';

export type FileKind = { kind: 'zip' } | { kind: 'text' } | { kind: 'unsupported'; code: string; message: Said };

const starts = (bytes: Uint8Array, magic: number[]): boolean => magic.every((byte, i) => bytes[i] === byte);

const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** An OLE2 compound file: a legacy .xls or a password-protected workbook (compoundFileKind tells which). */
export function isCompoundFile(head: Uint8Array): boolean {
  return starts(head, COMPOUND_FILE);
}

/**
 * A compound file by what its directory holds: Excel encrypts an .xlsx into an `EncryptedPackage`
 * stream; a legacy workbook is a `Workbook` (or `Book`) stream. `names` is null when the
 * directory cannot be read: then the first bytes alone cannot tell.
 */
export function compoundFileKind(names: readonly string[] | null): FileKind {
  if (names?.includes('EncryptedPackage')) {
    return {
      kind: 'unsupported',
      code: 'password_protected',
      message: said('file.password_protected', {}),
    };
  }
  if (names?.some((name) => name === 'Workbook' || name === 'Book')) {
    return {
      kind: 'unsupported',
      code: 'legacy_xls',
      message: said('file.legacy_xls', {}),
    };
  }
  return sniffFileKind(Uint8Array.from(COMPOUND_FILE));
}

export function sniffFileKind(head: Uint8Array): FileKind {
  if (head.length === 0) return { kind: 'unsupported', code: 'empty_file', message: said('file.empty', {}) };
  if (starts(head, [0x50, 0x4b, 0x03, 0x04]) || starts(head, [0x50, 0x4b, 0x05, 0x06])) return { kind: 'zip' };
  if (isCompoundFile(head)) {
    return {
      kind: 'unsupported',
      code: 'legacy_xls',
      message: said('file.legacy_xls_or_protected', {}),
    };
  }
  if (starts(head, [0x25, 0x50, 0x44, 0x46])) {
    return { kind: 'unsupported', code: 'not_a_sheet', message: said('file.pdf', {}) };
  }
  if (starts(head, [0x1f, 0x8b])) {
    return { kind: 'unsupported', code: 'not_a_sheet', message: said('file.gzip', {}) };
  }
  if (starts(head, [0x09, 0x08]) || starts(head, [0x09, 0x04]) || starts(head, [0x09, 0x02])) {
    return {
      kind: 'unsupported',
      code: 'legacy_xls',
      message: said('file.legacy_biff', {}),
    };
  }
  if (looksBinary(head)) {
    return { kind: 'unsupported', code: 'not_a_sheet', message: said('file.binary', {}) };
  }
  return { kind: 'text' };
}

/** Text files have no NUL bytes, except UTF-16, which has a BOM or NULs in every other byte. */
function looksBinary(head: Uint8Array): boolean {
  if (starts(head, [0xff, 0xfe]) || starts(head, [0xfe, 0xff])) return false;
  let nulls = 0;
  let oddNulls = 0;
  let controls = 0;
  for (let i = 0; i < head.length; i++) {
    const byte = head[i]!;
    if (byte === 0) {
      nulls++;
      if (i % 2 === 1) oddNulls++;
    } else if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) controls++;
  }
  if (nulls > 0 && oddNulls === nulls && nulls >= head.length / 16) return false; // UTF-16LE without BOM
  return nulls > 0 || controls > head.length / 10;
}
