/**
 * A minimal random-access ZIP reader: the central directory, then one entry at a time as a
 * stream of inflated bytes. XLSX parts are read in the order we need them (workbook, styles,
 * shared strings, then the sheet), which a forward-only unzip stream cannot offer. Every entry's
 * bytes are held against the CRC-32 and size its directory record gives: inflate accepts much
 * damaged data without complaint and hands back other bytes.
 */
import type { FileHandle } from 'node:fs/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import { pipeline } from 'node:stream';
import { CHANGED_WHILE_READ, sameSnapshot, snapshotOfHandle, unchangedBytes } from '../../files/read-snapshot.ts';
import type { FileSnapshot } from '../../files/read-snapshot.ts';
import { NotRegularFileError, openRegularFile } from '../../files/regular-file.ts';
import { XlsxError } from '../error.ts';
import { XLSX_LIMITS } from '../limits.ts';
import { ZIP_SIGNATURE } from './signatures.ts';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  localHeaderOffset: number;
}

const MAX_COMMENT = 0xffff;
/** Inflated bytes handed on at a time: fewer, larger chunks cost less per byte to hand on. */
const INFLATE_CHUNK = 64 * 1024;

const sizeText = (bytes: number): string =>
  bytes < 1_048_576
    ? `${Math.ceil(bytes / 1024).toLocaleString('en')} KB`
    : `${(bytes / 1_048_576).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

const changed = (): XlsxError => new XlsxError('changed', CHANGED_WHILE_READ);

const damaged = (detail: string): XlsxError =>
  new XlsxError('damaged', `the XLSX file is damaged or cut short (${detail})`);

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

interface Directory {
  offset: number;
  size: number;
}

async function findDirectory(handle: FileHandle, fileSize: number): Promise<Directory> {
  const tailLength = Math.min(fileSize, 22 + MAX_COMMENT);
  const tailStart = fileSize - tailLength;
  const tail = await readAt(handle, tailStart, tailLength);
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== ZIP_SIGNATURE.endOfCentralDirectory) continue;
    let size = tail.readUInt32LE(i + 12);
    let offset = tail.readUInt32LE(i + 16);
    if ((offset === 0xffffffff || size === 0xffffffff) && i >= 20) {
      // ZIP64: the locator sits just before the classic end record.
      if (tail.readUInt32LE(i - 20) === ZIP_SIGNATURE.zip64Locator) {
        const recordOffset = Number(tail.readBigUInt64LE(i - 20 + 8));
        const record = await readAt(handle, recordOffset, 56);
        if (record.readUInt32LE(0) !== ZIP_SIGNATURE.zip64EndOfCentralDirectory) throw damaged('bad ZIP64 end record');
        size = Number(record.readBigUInt64LE(40));
        offset = Number(record.readBigUInt64LE(48));
      }
    }
    return { offset, size };
  }
  throw damaged('no ZIP end-of-central-directory record (truncated or not a zip file)');
}

/** The central directory its end record names, which must fit in the file whatever the record claims. */
async function locateDirectory(handle: FileHandle, fileSize: number): Promise<Directory> {
  const directory = await findDirectory(handle, fileSize);
  if (directory.offset + directory.size > fileSize) throw damaged('the central directory lies past the end');
  return directory;
}

/**
 * Whether the file is a whole ZIP: its end-of-central-directory record is at the end and names a
 * directory inside the file. A ZIP still being written has neither (the record is written last).
 */
export async function zipComplete(path: string): Promise<boolean> {
  const handle = await openRegularFile(path);
  try {
    await locateDirectory(handle, (await handle.stat()).size);
    return true;
  } catch (error) {
    if (error instanceof XlsxError || error instanceof RangeError) return false; // a ZIP64 record cut short
    throw error;
  } finally {
    await handle.close();
  }
}

function zip64Extra(extra: Buffer, entry: ZipEntry): void {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const take = (): number => {
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = take();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = take();
      return;
    }
    at += 4 + length;
  }
}

function parseDirectory(data: Buffer): Map<string, ZipEntry> {
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  while (at + 46 <= data.length && data.readUInt32LE(at) === ZIP_SIGNATURE.centralHeader) {
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      method: data.readUInt16LE(at + 10),
      crc: data.readUInt32LE(at + 16),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localHeaderOffset: data.readUInt32LE(at + 42),
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
    };
    zip64Extra(data.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry);
    // Part names are case-insensitive in OPC; some writers use a leading slash.
    entries.set(entry.name.replace(/^\//, '').toLowerCase(), entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * A part may unpack to at most `maxRatio` times its packed size once it passes `graceBytes`.
 * Deflate packs at most ~1,032 to 1, so this is what tells a bomb from a real part: Apache POI
 * refuses parts over 100 to 1 by default too (ZipSecureFile). What we then hold is bounded by
 * the file's size, and a 1 MB file cannot make us inflate, or keep, hundreds of MB.
 */
export interface ZipBombGuard {
  maxRatio: number;
  graceBytes: number;
}

export class ZipArchive {
  private constructor(
    readonly path: string,
    /** The file as it was opened: every later read must find it so (see inflated). */
    private readonly snapshot: FileSnapshot,
    private readonly fileSize: number,
    private readonly entries: Map<string, ZipEntry>,
    private readonly guard: ZipBombGuard,
  ) {}

  /** Throws NotRegularFileError, without waiting, for a FIFO, a folder or a device. */
  static async open(path: string, guard: ZipBombGuard = XLSX_LIMITS): Promise<ZipArchive> {
    const handle = await openRegularFile(path);
    try {
      const snapshot = await snapshotOfHandle(handle);
      const fileSize = Number(snapshot.size);
      const directory = await locateDirectory(handle, fileSize);
      const data = await readAt(handle, directory.offset, directory.size);
      return new ZipArchive(path, snapshot, fileSize, parseDirectory(data), guard);
    } finally {
      await handle.close();
    }
  }

  names(): string[] {
    return [...this.entries.values()].map((entry) => entry.name);
  }

  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  /**
   * The entry's inflated bytes as they come, or null when the archive has no such part. Throws
   * XlsxError `damaged` as soon as they outgrow the size the directory records, and at the end
   * when their size or CRC-32 differs from it: a caller that must not act on damaged bytes reads
   * the part to the end first. Throws `too_large` before inflating anything when that size is
   * more than the bomb guard allows (`ZipBombGuard`).
   */
  bytes(name: string): AsyncGenerator<Buffer> | null {
    const entry = this.entries.get(name.replace(/^\//, '').toLowerCase());
    if (entry === undefined) return null;
    this.refuseBomb(entry);
    return this.inflated(entry);
  }

  private refuseBomb(entry: ZipEntry): void {
    const { maxRatio, graceBytes } = this.guard;
    if (entry.size <= graceBytes || entry.size <= maxRatio * entry.compressedSize) return;
    throw new XlsxError(
      'too_large',
      `${entry.name} would unpack from ${sizeText(entry.compressedSize)} to ${sizeText(entry.size)}, ` +
        `more than ${maxRatio} times its packed size, which no spreadsheet needs: a zip bomb or a damaged file`,
    );
  }

  /** A small part read whole, decoded as UTF-8 (workbook, rels, styles); refused past `maxBytes` inflated. */
  async text(name: string, maxBytes: number = XLSX_LIMITS.partBytes): Promise<string | null> {
    const bytes = this.bytes(name);
    if (bytes === null) return null;
    const decoder = new TextDecoder('utf-8');
    let text = '';
    let size = 0;
    for await (const chunk of bytes) {
      size += chunk.length;
      if (size > maxBytes)
        throw new XlsxError(
          'too_large',
          `${name} unpacks to more than ${maxBytes.toLocaleString('en')} bytes, far more than a spreadsheet needs: a damaged or hostile file`,
        );
      text += decoder.decode(chunk, { stream: true });
    }
    return text + decoder.decode();
  }

  /** The file opened again for one part, refused if it is no longer the file the directory came from. */
  private async reopen(): Promise<FileHandle> {
    const handle = await openRegularFile(this.path).catch((error: unknown) => {
      throw error instanceof NotRegularFileError ? changed() : error;
    });
    try {
      if (!sameSnapshot(this.snapshot, await snapshotOfHandle(handle))) throw changed();
      return handle;
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  private async dataStart(handle: FileHandle, entry: ZipEntry): Promise<number> {
    const local = await readAt(handle, entry.localHeaderOffset, 30);
    if (local.length < 30 || local.readUInt32LE(0) !== ZIP_SIGNATURE.localHeader) {
      throw damaged(`bad local header for ${entry.name}`);
    }
    const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    if (start + entry.compressedSize > this.fileSize) throw damaged(`${entry.name} runs past the end of the file`);
    return start;
  }

  private async *inflated(entry: ZipEntry): AsyncGenerator<Buffer> {
    if (entry.method !== 0 && entry.method !== 8) {
      throw damaged(`${entry.name} uses unsupported compression method ${entry.method}`);
    }
    const handle = await this.reopen();
    let crc = 0;
    let size = 0;
    try {
      const start = await this.dataStart(handle, entry);
      if (entry.compressedSize > 0) {
        const raw = handle.createReadStream({ start, end: start + entry.compressedSize - 1, autoClose: false });
        // Read again from the path for each part: the file must still be the one the directory came from.
        const guard = unchangedBytes(this.path, this.snapshot, changed);
        const inflate = entry.method === 8 ? createInflateRaw({ chunkSize: INFLATE_CHUNK }) : null;
        const noop = (): void => undefined; // errors reach the last stream, read below
        const source = inflate === null ? pipeline(raw, guard, noop) : pipeline(raw, guard, inflate, noop);
        try {
          for await (const chunk of source as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size > entry.size)
              throw damaged(`${entry.name} unpacks to more than the ${entry.size} bytes it should`);
            crc = crc32(chunk, crc);
            yield chunk;
          }
        } catch (error) {
          if (error instanceof XlsxError) throw error;
          throw damaged(`${entry.name} cannot be unpacked: ${(error as Error).message}`);
        } finally {
          raw.destroy();
          guard.destroy();
          inflate?.destroy();
        }
      }
    } finally {
      await handle.close();
    }
    if (size !== entry.size) throw damaged(`${entry.name} unpacks to ${size} bytes, not the ${entry.size} it should`);
    if (crc !== entry.crc) throw damaged(`${entry.name} does not match its checksum (CRC-32)`);
  }
}
