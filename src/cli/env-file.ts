/**
 * `.env` in the working directory, read with Node's own process.loadEnvFile: it never replaces a
 * variable the environment has, and flags win over both (config.ts). Node's parser quietly joins
 * a line that is not NAME=value to the next, so each line is checked first; the message names
 * the line, never its text (it may hold a password).
 */
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config.ts';

const ASSIGNMENT = /^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_.-]*\s*=(.*)$/;
const QUOTES = new Set(['"', "'", '`']);

/** Loads `path` into process.env; false when there is none. Throws ConfigError for a bad file. */
export function loadEnvFile(path: string): boolean {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    throw new ConfigError('.env', `cannot read ${path} (${code ?? 'error'})`);
  }
  const line = firstMalformedLine(text);
  if (line !== null)
    throw new ConfigError(
      '.env',
      `line ${line} of ${path} is not NAME=value (a # starts a comment; quote a value that holds spaces)`,
    );
  process.loadEnvFile(path);
  return true;
}

/** The number of the first line that is neither blank, a comment, nor NAME=value; null when none. */
export function firstMalformedLine(text: string): number | null {
  const lines = text.split(/\r?\n/);
  let open: string | null = null; // the quote of a value that runs over several lines
  for (const [index, line] of lines.entries()) {
    if (open !== null) {
      if (line.includes(open)) open = null;
      continue;
    }
    if (/^\s*(#|$)/.test(line)) continue;
    const value = ASSIGNMENT.exec(line)?.[1]?.trim();
    if (value === undefined) return index + 1;
    const quote = value[0];
    if (quote !== undefined && QUOTES.has(quote) && value.indexOf(quote, 1) < 0) open = quote;
  }
  return null;
}
