/** Command-line flag values the commands share: a bad one exits 2 naming the flag, the value and what is allowed. */
import { ExitError } from './context.ts';

/** A whole number >= min. */
export function whole(flag: string, value: string, min: number): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min)
    throw new ExitError(2, `${flag} must be a whole number >= ${min}, got "${value}"`);
  return n;
}
