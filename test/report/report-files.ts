/** The files a batch's report folder holds, sorted: what BatchReportWriter.finish leaves, no more. */
export const REPORT_FILES = ['failed.csv', 'messages.jsonl', 'results.csv', 'results.xlsx', 'summary.json'];
