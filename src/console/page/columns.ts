/**
 * Columns by the names the sheet gives them: the preview and the guard speak of `السعر`, not of
 * the store's `sale_price`. On the home page the upload's answer says which header each field was
 * read from; on a batch's page the batch's answer does (a held fix's or undo's price drops). The
 * field itself stays in the element's title, for engineers, and in data-field.
 */
import { el } from './dom.ts';
import { on } from './events.ts';
import type { BatchJson, UploadAnswer } from './types.ts';

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

/** A batch's page: its columns as its sheet named them, once the batch says (it has ended). */
export function startBatchColumns(): void {
  const learn = (batch: BatchJson): void => {
    if (batch.columns) headers = { ...batch.columns };
  };
  on('batch-end', learn);
  on('batch-reconciled', learn);
}
