/**
 * The entry names of a compound file (OLE2 / CFB), the container of a legacy .xls and of a
 * password-protected .xlsx alike: only the names inside tell them apart (`Workbook` or `Book`
 * for a legacy workbook, `EncryptedPackage` for an encrypted one). Reads the header, the FAT
 * sectors it needs and the directory chain; every loop is bounded, so a damaged file costs at
 * most a few thousand small reads.
 */

/** Reads `length` bytes at `offset`; fewer at the end of the file. */
export type ReadAt = (offset: number, length: number) => Promise<Buffer>;

const HEADER_BYTES = 512;
const ENTRY_BYTES = 128;
/** Sector numbers from here on mean "end of chain", "free" and other markers. */
const LAST_SECTOR = 0xfffffffa;
const HEADER_FAT_SECTORS = 109;
const MAX_DIRECTORY_SECTORS = 1024;
const MAX_DIFAT_SECTORS = 1024;

/** The names of the storages and streams in the directory, or null when it cannot be read. */
export async function compoundFileEntryNames(readAt: ReadAt): Promise<string[] | null> {
  const header = await readAt(0, HEADER_BYTES);
  if (header.length < HEADER_BYTES) return null;
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const sectorBytes = 1 << shift;
  const offsetOf = (sector: number): number => (sector + 1) * sectorBytes;
  const fatSectors = await fatSectorList(readAt, header, sectorBytes, offsetOf);
  const perSector = sectorBytes / 4;

  const next = async (sector: number): Promise<number> => {
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    if (fatSector === undefined) return LAST_SECTOR;
    const entry = await readAt(offsetOf(fatSector) + (sector % perSector) * 4, 4);
    return entry.length === 4 ? entry.readUInt32LE(0) : LAST_SECTOR;
  };

  const names: string[] = [];
  let sector = header.readUInt32LE(0x30);
  for (let count = 0; sector < LAST_SECTOR && count < MAX_DIRECTORY_SECTORS; count += 1) {
    const block = await readAt(offsetOf(sector), sectorBytes);
    for (let at = 0; at + ENTRY_BYTES <= block.length; at += ENTRY_BYTES) {
      const nameBytes = block.readUInt16LE(at + 0x40);
      const type = block[at + 0x42];
      if (type === 0 || nameBytes < 2 || nameBytes > 64) continue;
      names.push(block.toString('utf16le', at, at + nameBytes - 2));
    }
    sector = await next(sector);
  }
  return names;
}

/** The FAT's sectors: up to 109 listed in the header, the rest in the DIFAT chain. */
async function fatSectorList(
  readAt: ReadAt,
  header: Buffer,
  sectorBytes: number,
  offsetOf: (sector: number) => number,
): Promise<number[]> {
  const fatCount = header.readUInt32LE(0x2c);
  const sectors: number[] = [];
  for (let i = 0; i < Math.min(fatCount, HEADER_FAT_SECTORS); i += 1) sectors.push(header.readUInt32LE(0x4c + i * 4));
  let difat = header.readUInt32LE(0x44);
  for (let count = 0; difat < LAST_SECTOR && sectors.length < fatCount && count < MAX_DIFAT_SECTORS; count += 1) {
    const block = await readAt(offsetOf(difat), sectorBytes);
    if (block.length < sectorBytes) break;
    // The last four bytes of a DIFAT sector point to the next one.
    for (let at = 0; at + 4 < sectorBytes && sectors.length < fatCount; at += 4) sectors.push(block.readUInt32LE(at));
    difat = block.readUInt32LE(sectorBytes - 4);
  }
  return sectors;
}
