/** src/sheet's public face: open a sheet file, map its rows, summarise it. */
export {
  openSheet,
  openSheets,
  type ColumnMapping,
  type OpenSheetOptions,
  type OpenedSheet,
  type SheetOpener,
} from './open.ts';
export { summarizeSheet, summaryBuilderOf, type SummarizeOptions } from './map/summarize.ts';
export { headerHasErrors, type PlanCounts, type SheetSummary } from './map/summary.ts';
export { createSheetMapper, type MapperOptions, type SheetMapper } from './map/mapper.ts';
export { parseColumnMap, columnMapFromRecord, type ColumnMap } from './map/column-map.ts';
export { loadColumnMap } from './map/column-map-file.ts';
export { CategoryNames, type CategorySource, type NameRead } from './map/category-cells.ts';
export { headerFields } from './map/headers.ts';
export { cleanHeader, headerKey } from './map/header-key.ts';
export { PRODUCT_TEMPLATE_COLUMNS } from './map/template-spec.ts';
export { EMPTY_TOKEN } from './map/values.ts';
export type { Cell, RawRow, RowIssue, RowPlan, SheetKind, SheetRowResult } from './types.ts';
export { SheetFileError } from './types.ts';
export { headerFileError } from './header-error.ts';
