/**
 * The error of one kind a call throws, whole, for asserting its fields (code, setting, operation):
 * the test fails if the call returns, and any other error goes through as it was thrown.
 */
export function thrownBy<E extends Error>(kind: abstract new (...args: never[]) => E, call: () => unknown): E {
  try {
    call();
  } catch (error) {
    if (error instanceof kind) return error;
    throw error;
  }
  throw new Error(`expected a ${kind.name}`);
}
