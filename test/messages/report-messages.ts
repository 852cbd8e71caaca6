/** What a batch's report keeps of its problem rows as data (messages.jsonl), read back. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { textOf, type MessageCarrier } from '../../src/messages/index.ts';

/** Each problem row of the report in `reportDir` as [row, column, its message told in English]. */
export async function problemsInEnglish(reportDir: string): Promise<[number, string | undefined, string][]> {
  const text = await readFile(join(reportDir, 'messages.jsonl'), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as MessageCarrier & { row: number; column?: string })
    .map((line) => [line.row, line.column, textOf({ ...line, message: '' }, 'en')]);
}
