/** "Did you mean": the closest known header by edit distance, when it is close enough. */

/** Optimal string alignment distance: inserts, deletes, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      }
      current[j] = best;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length] ?? 0;
}

/** The canonical name whose key is nearest to `key`, within about a third of its length. */
export function suggest(key: string, names: ReadonlyMap<string, string>): string | null {
  if (key.length === 0) return null;
  const limit = Math.max(1, Math.min(3, Math.floor(key.length / 3)));
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const [candidate, name] of names) {
    if (Math.abs(candidate.length - key.length) > limit) continue;
    const distance = editDistance(key, candidate);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}
