/**
 * A job's `headers_file:`: HTTP headers for its download, one `Name: value` a line (`#` comments and
 * blank lines ignored), kept out of the job file so the secret can have its own owner and mode.
 * Errors name the file and line, never a value.
 */
import { JobFileError } from '../job-file.ts';
import { readSecretFile } from './secret-file.ts';

const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Pure: the headers in `text`, or a JobFileError naming `file` and the bad line. */
export function parseHeaders(file: string, text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((line, i) => {
      const trimmed = line.trim();
      if (trimmed === '' || trimmed.startsWith('#')) return;
      const colon = trimmed.indexOf(':');
      const name = colon > 0 ? trimmed.slice(0, colon).trim() : '';
      const value = colon > 0 ? trimmed.slice(colon + 1).trim() : '';
      if (!NAME.test(name) || value === '') {
        throw new JobFileError(file, `line ${i + 1}`, 'must be "Name: value" (e.g. Authorization: Bearer <token>)');
      }
      headers[name.toLowerCase()] = value;
    });
  if (Object.keys(headers).length === 0) throw new JobFileError(file, null, 'holds no header');
  return headers;
}

export async function readHeadersFile(file: string): Promise<Record<string, string>> {
  return parseHeaders(file, await readSecretFile(file, 'headers file'));
}
