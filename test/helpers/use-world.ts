/**
 * One way for a test file to hold a world (or just a temp folder) instead of its own `let`,
 * `mkdtemp`, `beforeEach` and `afterEach`: started before each test (or once for the file), closed
 * after it, so no file can forget to remove its folder or stop its sandbox.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  startBaseWorld,
  startSandboxWorld,
  type BaseWorld,
  type SandboxWorld,
  type SandboxWorldOptions,
} from './base-world.ts';

export interface UseOptions {
  /** One world for the whole file (beforeAll / afterAll) rather than one per test. */
  once?: boolean;
}

/**
 * The world `start` makes, as an object whose properties read the running world's: reading one
 * outside a test (before the hook has run) fails loudly instead of giving undefined.
 */
export function useWorld<W extends { close(): Promise<void> }>(
  start: () => Promise<W>,
  { once = false }: UseOptions = {},
): W {
  let world: W | undefined;
  (once ? beforeAll : beforeEach)(async () => {
    world = await start();
  });
  (once ? afterAll : afterEach)(async () => {
    const started = world;
    world = undefined;
    await started?.close();
  });
  return new Proxy({} as W, {
    get(_target, key) {
      if (!world) throw new Error(`the world is read before its hook started it (${String(key)})`);
      return Reflect.get(world, key) as unknown;
    },
  });
}

/** A temp folder of the test's own (`.dir`), removed after it; `name` starts the folder's name. */
export function useTempDir(name: string, options?: UseOptions): BaseWorld {
  return useWorld(() => startBaseWorld({ name }), options);
}

/** A temp folder and a sandbox store over real HTTP (`.dir`, `.sandbox`), both gone after. */
export function useSandboxWorld(world: string | SandboxWorldOptions, options?: UseOptions): SandboxWorld {
  return useWorld(() => startSandboxWorld(typeof world === 'string' ? { name: world } : world), options);
}
