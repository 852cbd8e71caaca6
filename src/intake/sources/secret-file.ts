/**
 * A job's secret file (headers, credentials) read as text: a file that cannot be read is the job
 * file's mistake, named by its path and the system's code, never by what it holds.
 */
import { readFile } from 'node:fs/promises';
import { JobFileError } from '../job-file.ts';

export async function readSecretFile(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new JobFileError(file, null, `cannot read the ${what} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}
