/**
 * The console's login token: the one an operator logs in with and scripts send as
 * `Authorization: Bearer <token>`. From CONSOLE_TOKEN or CONSOLE_TOKEN_FILE (the agency's: every
 * store); without either, a random one for this run, which `serve` prints inside a login URL (as
 * notebook servers do). A store of the stores file may have its own (`console_token_file`,
 * read with the file: src/stores-file.ts), which opens that store alone (logins.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface ConsoleToken {
  token: string;
  /** Where it came from: `random` means `serve` must print it, nobody else knows it. */
  source: 'CONSOLE_TOKEN' | 'CONSOLE_TOKEN_FILE' | 'random';
}

export class ConsoleTokenError extends Error {
  override readonly name = 'ConsoleTokenError';
}

/** Shorter than this is guessable over the network in a day at a few thousand tries a second. */
const MIN_LENGTH = 16;

export function resolveConsoleToken(env: Record<string, string | undefined>): ConsoleToken {
  const fromEnv = env.CONSOLE_TOKEN?.trim();
  if (fromEnv) return { token: checked('CONSOLE_TOKEN', fromEnv), source: 'CONSOLE_TOKEN' };
  const file = env.CONSOLE_TOKEN_FILE?.trim();
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new ConsoleTokenError(`CONSOLE_TOKEN_FILE: cannot read ${file} (${code})`);
    }
    return { token: checked('CONSOLE_TOKEN_FILE', text.trim()), source: 'CONSOLE_TOKEN_FILE' };
  }
  return { token: randomBytes(24).toString('base64url'), source: 'random' };
}

function checked(setting: string, token: string): string {
  // The message names the length, never the value.
  if (token.length < MIN_LENGTH)
    throw new ConsoleTokenError(`${setting}: must be at least ${MIN_LENGTH} characters, got ${token.length}`);
  return token;
}

/**
 * Constant-time comparison: both sides are hashed first, so neither the time taken nor an early
 * length check tells an attacker how much of a guess was right.
 */
export function tokenMatches(expected: string, offered: string | undefined): boolean {
  if (offered === undefined) return false;
  return digestsMatch(tokenDigest(expected), tokenDigest(offered));
}

/**
 * What the console keeps of a token: its SHA-256, never the token. An offered token is hashed once
 * and compared with each login's digest (digestsMatch), every one of them.
 */
export function tokenDigest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Constant time: two digests of equal length. */
export function digestsMatch(a: Buffer, b: Buffer): boolean {
  return timingSafeEqual(a, b);
}
