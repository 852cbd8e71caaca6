/**
 * A minimal streaming ZIP writer for XLSX files: entries are written one after another,
 * each as one raw deflate stream (zlib's, so compression runs on the libuv thread pool beside
 * the rows), with the CRC and sizes in a data descriptor after the data, then the central
 * directory. No ZIP64: a report that would pass 4 GB stops with a clear error instead of
 * writing a file nobody can open.
 */
import { once } from 'node:events';
import type { TransformOptions } from 'node:stream';
import { crc32, createDeflateRaw, type DeflateRaw, type ZlibOptions } from 'node:zlib';
import { XlsxError } from '../error.ts';
import { ZIP_SIGNATURE } from './signatures.ts';

/** Where the bytes go (a file stream, anything that keeps order). */
export interface ByteSink {
  /** A promise when the caller must wait before the next chunk. */
  write(chunk: Uint8Array): Promise<void> | undefined;
}

/** Bit 3: CRC and sizes follow the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const DEFLATE = 8;
const VERSION = 20;
const LIMIT = 0xffffffff;
/**
 * Bytes a deflate stream takes before `write` waits: enough that compression (on the thread pool)
 * runs beside the rows instead of the writer stopping for every chunk.
 */
const DEFLATE_BACKLOG = 1024 * 1024;

interface WrittenEntry {
  name: Buffer;
  offset: number;
  crc: number;
  compressedSize: number;
  size: number;
}

/** MS-DOS date and time as ZIP headers store them (local time, 2-second steps, from 1980). */
export function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** zlib streams pass stream options on to Transform; @types/node's ZlibOptions does not list them. */
function deflateOptions(level: number): ZlibOptions {
  const options: ZlibOptions & TransformOptions = { level, writableHighWaterMark: DEFLATE_BACKLOG };
  return options;
}

function guard(value: number, what: string): void {
  if (value >= LIMIT)
    throw new XlsxError('too_large', `the XLSX file would pass 4 GB (${what}); this writer does not write ZIP64`);
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: WrittenEntry[] = [];
  private open: ZipEntryWriter | null = null;
  private readonly stamp: { time: number; date: number };

  constructor(
    private readonly sink: ByteSink,
    modified: Date,
    private readonly level = 1,
  ) {
    this.stamp = dosDateTime(modified);
  }

  /** Starts an entry; the previous one must be ended first. */
  async entry(name: string): Promise<ZipEntryWriter> {
    if (this.open) throw new Error(`zip entry ${this.open.name} is still open`);
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(ZIP_SIGNATURE.localHeader, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    // CRC and sizes stay 0 here: they are in the data descriptor.
    header.writeUInt16LE(nameBytes.length, 26);
    const offset = this.offset;
    await this.put(Buffer.concat([header, nameBytes]));
    this.open = new ZipEntryWriter(
      name,
      createDeflateRaw(deflateOptions(this.level)),
      (chunk) => this.put(chunk),
      async (crc, size, compressedSize) => {
        this.open = null;
        guard(size, 'uncompressed part');
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(ZIP_SIGNATURE.dataDescriptor, 0);
        descriptor.writeUInt32LE(crc, 4);
        descriptor.writeUInt32LE(compressedSize, 8);
        descriptor.writeUInt32LE(size, 12);
        await this.put(descriptor);
        this.entries.push({ name: nameBytes, offset, crc, compressedSize, size });
      },
    );
    return this.open;
  }

  /** A whole entry at once (the small fixed parts). */
  async file(name: string, content: string): Promise<void> {
    const entry = await this.entry(name);
    await entry.write(Buffer.from(content, 'utf8'));
    await entry.end();
  }

  /** Writes the central directory; the sink can be closed after. */
  async finish(): Promise<void> {
    if (this.open) throw new Error(`zip entry ${this.open.name} is still open`);
    const start = this.offset;
    const records = this.entries.map((e) => {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(ZIP_SIGNATURE.centralHeader, 0);
      record.writeUInt16LE(VERSION, 4);
      record.writeUInt16LE(VERSION, 6);
      record.writeUInt16LE(FLAGS, 8);
      record.writeUInt16LE(DEFLATE, 10);
      record.writeUInt16LE(this.stamp.time, 12);
      record.writeUInt16LE(this.stamp.date, 14);
      record.writeUInt32LE(e.crc, 16);
      record.writeUInt32LE(e.compressedSize, 20);
      record.writeUInt32LE(e.size, 24);
      record.writeUInt16LE(e.name.length, 28);
      record.writeUInt32LE(e.offset, 42);
      return Buffer.concat([record, e.name]);
    });
    const directory = Buffer.concat(records);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(ZIP_SIGNATURE.endOfCentralDirectory, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    await this.put(Buffer.concat([directory, end]));
  }

  private async put(chunk: Uint8Array): Promise<void> {
    this.offset += chunk.length;
    guard(this.offset, 'file size');
    const waiting = this.sink.write(chunk);
    if (waiting) await waiting;
  }
}

/** One entry's data: uncompressed bytes in, deflated bytes out to the sink in order. */
export class ZipEntryWriter {
  private crc = 0;
  private size = 0;
  private compressedSize = 0;
  private readonly pumped: Promise<void>;

  constructor(
    readonly name: string,
    private readonly deflate: DeflateRaw,
    put: (chunk: Uint8Array) => Promise<void>,
    private readonly close: (crc: number, size: number, compressedSize: number) => Promise<void>,
  ) {
    this.pumped = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        this.compressedSize += chunk.length;
        await put(chunk);
      }
    })();
    // Errors surface through write/end; this keeps an early one from going unhandled meanwhile.
    this.pumped.catch(() => undefined);
  }

  async write(data: Buffer): Promise<void> {
    this.crc = crc32(data, this.crc);
    this.size += data.length;
    guard(this.size, 'uncompressed part');
    if (!this.deflate.write(data)) await Promise.race([once(this.deflate, 'drain'), this.pumped]);
  }

  async end(): Promise<void> {
    this.deflate.end();
    await this.pumped;
    await this.close(this.crc, this.size, this.compressedSize);
  }

  /** Stops compressing (the report is being thrown away). */
  destroy(): void {
    this.deflate.destroy();
  }
}
