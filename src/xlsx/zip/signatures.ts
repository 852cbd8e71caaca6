/** The ZIP format's record signatures (APPNOTE.TXT 4.3), shared by the reader and the writer. */
export const ZIP_SIGNATURE = {
  localHeader: 0x04034b50,
  dataDescriptor: 0x08074b50,
  centralHeader: 0x02014b50,
  endOfCentralDirectory: 0x06054b50,
  zip64EndOfCentralDirectory: 0x06064b50,
  zip64Locator: 0x07064b50,
} as const;
