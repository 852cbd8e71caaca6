/**
 * Which live workers serve which store: rendezvous hashing (highest random weight). Each pair of a
 * store's scope and a worker's id gets a weight from a hash; a store goes to the `perStore`
 * workers of highest weight. Every worker computes the same answer from the same list of live
 * workers, with nothing to agree on; a worker that joins takes only the stores it now outweighs
 * (about 1/n of them), and one that leaves gives up only its own.
 */
import { createHash } from 'node:crypto';

/** The weight of one worker for one store: the first 8 bytes of sha256(scope, id), as a number. */
function weight(scope: string, workerId: string): bigint {
  return createHash('sha256').update(`${scope}\n${workerId}`).digest().readBigUInt64BE(0);
}

/** The workers that serve a store, highest weight first; ties (never in practice) go by id. */
export function workersOf(scope: string, workerIds: readonly string[], perStore: number): string[] {
  return [...new Set(workerIds)]
    .map((id) => ({ id, weight: weight(scope, id) }))
    .sort((a, b) => (a.weight === b.weight ? a.id.localeCompare(b.id) : a.weight > b.weight ? -1 : 1))
    .slice(0, Math.max(1, perStore))
    .map(({ id }) => id);
}

/** Store scope -> the workers that serve it, for every store. */
export function assignStores(
  scopes: readonly string[],
  workerIds: readonly string[],
  perStore: number,
): Map<string, string[]> {
  return new Map(scopes.map((scope) => [scope, workerIds.length === 0 ? [] : workersOf(scope, workerIds, perStore)]));
}

/** The scopes one worker serves. */
export function storesOf(
  workerId: string,
  scopes: readonly string[],
  workerIds: readonly string[],
  perStore: number,
): string[] {
  return scopes.filter((scope) => workersOf(scope, workerIds, perStore).includes(workerId));
}
