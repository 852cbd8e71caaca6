/**
 * Columns that catalog-sync adds to a sheet in its reports. A report fed back in (an edited
 * failed.csv or results.xlsx) is a normal sheet: these columns are recognised and not sent,
 * and `row` keeps the row number the person first saw.
 */
export const REPORT_COLUMNS = ['row', 'outcome', 'message', 'http_status', 'attempts'] as const;

export type ReportColumn = (typeof REPORT_COLUMNS)[number];

export function isReportColumn(header: string): header is ReportColumn {
  return (REPORT_COLUMNS as readonly string[]).includes(header.trim().toLowerCase());
}
