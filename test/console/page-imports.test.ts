/**
 * The page's code runs in the browser: every module it reaches, through any import (type-only
 * ones too, as its own tsconfig compiles them), must import no Node module and no package. The
 * answer types it shares with the server (src/console/answers/ and the type modules they name)
 * are held to this, so sharing them never pulls the server's code into the page's check.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { readdirSync } from 'node:fs';
import { expect, test } from 'vitest';

const ROOT = process.cwd();
const PAGE = join(ROOT, 'src', 'console', 'page');

/** Every module specifier of a file: `import ... from`, `export ... from`, `import('...')`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

async function reach(): Promise<Map<string, string[]>> {
  const imports = new Map<string, string[]>();
  const todo = readdirSync(PAGE)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(PAGE, name));
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (imports.has(file)) continue;
    const text = await readFile(file, 'utf8');
    const specifiers = [...text.matchAll(SPECIFIER)].map((match) => match[1]!);
    imports.set(file, specifiers);
    for (const specifier of specifiers) if (specifier.startsWith('.')) todo.push(resolve(dirname(file), specifier));
  }
  return imports;
}

test('every module the page reaches imports only modules of this project, none of Node or a package', async () => {
  const imports = await reach();
  const outside = [...imports].flatMap(([file, specifiers]) =>
    specifiers.filter((s) => !s.startsWith('.')).map((s) => `${relative(ROOT, file)} imports ${s}`),
  );
  expect(outside).toEqual([]);
  // The walk followed the shared answer types, not the page's folder alone.
  expect([...imports.keys()].map((file) => relative(ROOT, file))).toContain(
    join('src', 'console', 'answers', 'upload.ts'),
  );
});
