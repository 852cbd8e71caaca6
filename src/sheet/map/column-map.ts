/**
 * A --columns map: any header to a field, so exports from other systems work unedited.
 *
 *   columns:
 *     Product Name: title        # a canonical header or any alias
 *     Unit Price (SAR): sale_price
 *     Internal note: ignore      # recognised and not sent (no "unknown column" warning)
 *   error_text:                  # optional: columns whose #N/A, #VALUE! ... are text, sent as written
 *     - Supplier Code
 *
 * Checked with zod; every error names the file and the key. Pure: the text is read elsewhere.
 */
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { said } from '../../messages/index.ts';
import { SheetFileError } from '../types.ts';
import { cleanHeader, headerKey } from './header-key.ts';
import { suggest } from './suggest.ts';
import { canonicalName, resolveTarget, suggestionNames } from './targets.ts';

/** A column map that cannot be used; the detail (a path in the YAML, a field) stays in English. */
const badMap = (file: string, detail: string): SheetFileError =>
  new SheetFileError(file, 'bad_column_map', said('file.bad_column_map', { detail }));

export interface ColumnMap {
  file: string;
  /** The target written for this header, null for `ignore`, undefined when not in the map. */
  lookup(header: string): string | null | undefined;
  /** The header is listed under `error_text:`: its text fields send `#N/A` and the like as text. */
  allowsErrorText(header: string): boolean;
}

const IGNORE = new Set(['ignore', '-', '']);

const ColumnMapSchema = z
  .object({
    columns: z.record(z.string(), z.union([z.string(), z.null()]), {
      error: 'expected a "columns:" mapping of header: field',
    }),
    error_text: z.array(z.string({ error: 'expected a header' }), { error: 'expected a list of headers' }).optional(),
  })
  .strict();

export function parseColumnMap(file: string, text: string): ColumnMap {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw badMap(file, `not valid YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = ColumnMapSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'top level';
    throw badMap(
      file,
      `${where}: ${issue?.message ?? 'invalid'} (expected "columns:" with "Header: field" lines, and optionally "error_text:" with a list of headers)`,
    );
  }
  return columnMapFromRecord(file, parsed.data.columns, parsed.data.error_text);
}

/**
 * A mapping given as data (a job's `columns:`), checked the same way. `label` names its source
 * in messages (the file, or e.g. `jobs/nightly.yaml columns`).
 */
export function columnMapFromRecord(
  label: string,
  columns: Readonly<Record<string, string | null>>,
  errorText: readonly string[] = [],
): ColumnMap {
  const file = label;
  const errorTextKeys = new Set(errorText.map((header) => headerKey(cleanHeader(header))));
  const entries = new Map<string, string | null>();
  const names = suggestionNames('products');
  for (const [header, rawTarget] of Object.entries(columns)) {
    const key = headerKey(cleanHeader(header));
    const target = rawTarget === null ? null : rawTarget.trim();
    if (entries.has(key)) {
      throw badMap(file, `columns."${header}": this header is listed twice (matching ignores case, spaces and _)`);
    }
    if (target === null || IGNORE.has(target.toLowerCase())) {
      entries.set(key, null);
      continue;
    }
    const resolved = resolveTarget(target, 'products') ?? resolveTarget(target, 'brands');
    if (!resolved) {
      const hint = suggest(headerKey(target), names);
      throw badMap(
        file,
        `columns."${header}": "${target}" is not a field${hint ? ` (did you mean "${hint}"?)` : ''}; use a column name such as sale_price, prices.<key>, product_option.0.title, or "ignore"`,
      );
    }
    entries.set(key, canonicalName(resolved));
  }
  return {
    file,
    lookup: (header: string) => entries.get(headerKey(cleanHeader(header))),
    allowsErrorText: (header: string) => errorTextKeys.has(headerKey(cleanHeader(header))),
  };
}
