/**
 * Calls `run` once typing has paused for `ms`; each new call restarts the wait. `flush` runs a
 * waiting call at once (the grid checks before it sends), `cancel` drops it.
 */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  flush(): void;
  cancel(): void;
}

export function debounce<A extends unknown[]>(run: (...args: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waiting: A | null = null;
  const fire = (): void => {
    timer = null;
    const args = waiting;
    waiting = null;
    if (args) run(...args);
  };
  const call = (...args: A): void => {
    waiting = args;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(fire, ms);
  };
  call.flush = (): void => {
    if (timer !== null) clearTimeout(timer);
    fire();
  };
  call.cancel = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    waiting = null;
  };
  return call;
}
