/** A job's last download, as its state keeps it and the console's schedules panel shows it: type-only, free of Node. */
export interface LastDownload {
  /** ISO time the download finished. */
  at: string;
  bytes: number;
  /** The file's name where it came from. */
  file: string;
  /** Scheme, host and path (shownSource), or the folder: never a secret. */
  where: string;
}
