/**
 * A sheet the tests of a file share, written once into a world held for the whole file
 * (`useTempDir(name, { once: true })` or `useSandboxWorld`'s): its path as `.path`, which fails
 * loudly if read before the hook has written it.
 */
import { beforeAll } from 'vitest';
import type { BaseWorld } from './base-world.ts';

export function useSheet(world: BaseWorld, name: string, lines: string[]): { readonly path: string } {
  let written: string | undefined;
  beforeAll(async () => {
    written = await world.sheet(name, lines);
  });
  return {
    get path(): string {
      if (written === undefined) throw new Error(`the sheet ${name} is read before its hook wrote it`);
      return written;
    },
  };
}
