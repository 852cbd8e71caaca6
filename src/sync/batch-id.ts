/** Batch ids a person can read and sort: `YYYYMMDD-HHMMSS-xxxxxx` (UTC, then 6 random hex). */
import { randomBytes } from 'node:crypto';

export function newBatchId(nowMs: number, random: () => string = () => randomBytes(3).toString('hex')): string {
  const iso = new Date(nowMs).toISOString(); // 2026-01-22T03:15:00.000Z
  const stamp = `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
  return `${stamp}-${random()}`;
}

/** Batch ids become directory names and Redis keys: keep them to a safe alphabet. */
export function isValidBatchId(id: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/.test(id);
}
