/** The sandbox's defaults, and the checks of its options (a wrong one is a TypeError naming it). */
import type { KeepAlive } from './types.ts';

export const DEMO_EMAIL = 'demo@catalog-sync.test';
export const DEMO_PASSWORD = 'sandbox-demo-password';
export const DEFAULT_PRODUCT_LIMIT = 1_000_000;

export function wholeOption(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0) throw new TypeError(`${name} must be a whole number >= 0, got ${value}`);
  return value;
}

export function checkKeepAlive(keepAlive: KeepAlive): KeepAlive {
  const { timeoutMs } = keepAlive;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1)
    throw new TypeError(`keepAlive.timeoutMs must be a whole number >= 1, got ${timeoutMs}`);
  return keepAlive;
}

export function checkLatency(ms: number): number {
  if (!(ms >= 0)) throw new TypeError(`latencyMs must be a number >= 0, got ${ms}`);
  return ms;
}
