/**
 * A store's saved column mapping as `GET /api/mappings` lists it (mappings.ts). Shared by the
 * server and the page; type-only.
 */
export interface SavedMapping {
  name: string;
  /** header -> field, or null where the header is not sent; every header of the sheet. */
  columns: Record<string, string | null>;
  /** The file, for a job's `columns:` (README, "Saved mappings"). */
  file: string;
}

export interface MappingList {
  mappings: SavedMapping[];
}
