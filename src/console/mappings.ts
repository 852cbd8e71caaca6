/**
 * A store's saved column mappings: `<report-dir>/mappings/<store-id>/<name>.yaml`, each the same
 * column-map file `--columns` and a job's `columns:` read (sheet/map/column-map.ts). A saved map
 * lists every header of the sheet it was made for (`ignore` for those not sent), so its headers
 * are the sheet's header set: an upload whose headers are the same set, in any order, uses it.
 * The store's id is in the path because stores may share a report folder.
 */
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml, stringify } from 'yaml';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { cleanHeader, headerKey, parseColumnMap, SheetFileError } from '../sheet/index.ts';
import type { StoreDesk } from './desk.ts';
import { RequestError } from './request-error.ts';
import type { SavedMapping } from './answers/mappings.ts';

export type { SavedMapping } from './answers/mappings.ts';

/** Letters (Arabic too), digits, `.`, `-`, `_`, space; no path, no leading dot. */
const NAME = /^[\p{L}\p{N}_-][\p{L}\p{N} ._-]{0,79}$/u;

export function mappingsDir(desk: Pick<StoreDesk, 'reportDir' | 'id'>): string {
  return join(desk.reportDir, 'mappings', desk.id);
}

/** A name from a request, checked: a 400 for one that could leave the folder. */
export function mappingName(name: string): string {
  const trimmed = name.normalize('NFC').trim();
  if (!NAME.test(trimmed) || trimmed.endsWith('.'))
    throw new RequestError(400, 'a mapping name is 1 to 80 letters, digits, spaces, ".", "-" or "_"');
  return trimmed;
}

/** The forgiving set of a sheet's headers (blank ones left out): equal sets, same sheet layout. */
function headerSet(headers: Iterable<string>): string {
  const keys = [...headers].map((header) => headerKey(cleanHeader(header))).filter((key) => key !== '');
  return [...new Set(keys)].sort().join('\n');
}

export async function readMapping(dir: string, name: string): Promise<SavedMapping | null> {
  const file = join(dir, `${mappingName(name)}.yaml`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return null;
  }
  try {
    parseColumnMap(file, text);
  } catch (error) {
    // A file edited by hand into something unreadable is not offered; `--columns` would say why.
    if (error instanceof SheetFileError) return null;
    throw error;
  }
  const { columns } = parseYaml(text) as { columns: Record<string, string | null> };
  return { name, columns: normalised(columns), file };
}

function normalised(columns: Record<string, string | null>): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(columns).map(([header, field]) => [
      header,
      field === null || field.trim().toLowerCase() === 'ignore' || field.trim() === '-' ? null : field.trim(),
    ]),
  );
}

export async function listMappings(dir: string): Promise<SavedMapping[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const found = await Promise.all(
    names
      .filter((file) => file.endsWith('.yaml'))
      .map((file) => file.slice(0, -'.yaml'.length))
      .filter((name) => NAME.test(name))
      .sort()
      .map((name) => readMapping(dir, name)),
  );
  return found.filter((mapping): mapping is SavedMapping => mapping !== null);
}

/** The saved mapping made for this header set, or null. */
export async function mappingFor(dir: string, headers: readonly string[]): Promise<SavedMapping | null> {
  const wanted = headerSet(headers);
  if (wanted === '') return null;
  const saved = await listMappings(dir);
  return saved.find((mapping) => headerSet(Object.keys(mapping.columns)) === wanted) ?? null;
}

/**
 * Writes the mapping as a column-map file, checked first as `--columns` would check it (a 400
 * naming the header and field otherwise). A mapping of the same header set under another name is
 * replaced: one mapping per layout, so the one picked is never in doubt.
 */
export async function saveMapping(
  dir: string,
  name: string,
  columns: Record<string, string | null>,
): Promise<SavedMapping> {
  const checked = mappingName(name);
  const file = join(dir, `${checked}.yaml`);
  const written = Object.fromEntries(Object.entries(columns).map(([header, field]) => [header, field ?? 'ignore']));
  const text =
    '# A catalog-sync column map (--columns, or a job file\'s "columns:"), saved from the console\n' +
    '# for sheets with exactly these headers. "ignore": the column is not sent.\n' +
    stringify({ columns: written });
  try {
    parseColumnMap(file, text);
  } catch (error) {
    if (error instanceof SheetFileError) throw new RequestError(400, error.message);
    throw error;
  }
  const same = await mappingFor(dir, Object.keys(columns));
  await mkdir(dir, { recursive: true });
  await writeFileAtomic(file, text);
  if (same && same.name !== checked) await rm(same.file, { force: true });
  return { name: checked, columns: normalised(written), file };
}

/** false when there was none of that name. */
export async function deleteMapping(dir: string, name: string): Promise<boolean> {
  const file = join(dir, `${mappingName(name)}.yaml`);
  try {
    await rm(file);
    return true;
  } catch {
    return false;
  }
}
