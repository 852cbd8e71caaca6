/** The .ts files under src/, for the tests that look through the code for texts and keys. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** Every .ts file below `dir` (default src/), folders walked depth first. */
export async function sourceFiles(dir: string = SRC): Promise<string[]> {
  const found: string[] = [];
  for (const item of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, item.name);
    if (item.isDirectory()) found.push(...(await sourceFiles(path)));
    else if (item.name.endsWith('.ts')) found.push(path);
  }
  return found;
}
