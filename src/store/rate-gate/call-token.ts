/**
 * Tokens that tell one Redis call's own write from anyone else's: a random part drawn once per
 * process, then a counter. ioredis sends a command again after a reconnect when its reply was
 * lost, and a call that finds a token it wrote knows the write is its own (the ledger's claim, a
 * create's in-flight marker, a drop-folder claim); the rate gate names its entries with them. Only
 * equality matters, so a counter does what a random draw per call did: a worker profile had
 * randomBytes(8) at about 30 µs per claim, on every create's way out.
 */
import { randomBytes } from 'node:crypto';

const processPart = randomBytes(9).toString('base64url');
let counter = 0;

/** Unique across processes and calls: `<12 random characters>.<counter in base 36>`. */
export function callToken(): string {
  counter += 1;
  return `${processPart}.${counter.toString(36)}`;
}
