/**
 * Columns by the names the sheet gives them: the preview and the guard speak of `السعر`, not of
 * the store's `sale_price`. The upload's answer says which header each field was read from; the
 * field itself stays in the element's title, for engineers, and in data-field.
 */
import { el } from './dom.ts';
import { on } from './events.ts';
import type { UploadAnswer } from './types.ts';

let headers: Record<string, string> = {};

/** The header the sheet gives a field (`sale_price` -> `السعر`), or the field when it has none. */
export function columnName(field: string): string {
  return headers[field] ?? field;
}

/** A field named as the sheet names it; the store's name for it in its title when they differ. */
export function columnLabel(field: string): HTMLElement {
  const name = columnName(field);
  return name === field ? el('bdi', field) : el('bdi', name, { title: field });
}

export function startColumns(): void {
  on('sheet-uploaded', (answer: UploadAnswer) => {
    headers = {};
    for (const sheet of answer.sheets) Object.assign(headers, sheet.columns ?? {});
  });
}
