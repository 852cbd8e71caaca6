/**
 * A category name read as an id: the column as the sheet names it, the name as typed, the
 * category. Its own module, importing nothing, so the console's page reads the same type in the
 * browser (src/console/answers/upload.ts).
 */
export interface NameRead {
  column: string;
  text: string;
  id: number;
  name: string;
  nameAr: string;
}
