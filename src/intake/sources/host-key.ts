/**
 * An SSH server's host key as OpenSSH prints it (`ssh-keygen -lf`, `ssh-keyscan | ssh-keygen -lf -`):
 * `SHA256:` and the unpadded base64 of the key's SHA-256, so a person can compare it by eye with
 * what the supplier sends.
 */
import { createHash } from 'node:crypto';

export function fingerprint(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

/** Whether `pinned` (as written in a job file: padding or not) names `actual`. */
export function samePrint(actual: string, pinned: string): boolean {
  return actual === pinned.trim().replace(/=+$/, '');
}

export const isFingerprint = (text: string): boolean => /^SHA256:[A-Za-z0-9+/]{43}=?$/.test(text.trim());
