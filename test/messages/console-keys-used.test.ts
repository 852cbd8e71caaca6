/**
 * Every key of the console's catalogue (src/messages/console.ts) is used by the console
 * (src/console/), so a text no screen shows is not kept up in two languages: each key is named
 * there as a word (`T.upload_heading`, `data-text="upload_heading"`), or is one of a family the
 * console names by a template (`status_${b.status}`) whose rest the code spells as a string
 * (`'running'`) somewhere in src/.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../src/messages/console.ts';
import { SRC, sourceFiles } from './source-files.ts';

async function textOf(files: string[]): Promise<string> {
  return (await Promise.all(files.map((file) => readFile(file, 'utf8')))).join('\n');
}

/** The keys of the console's catalogue that nothing in src/console/ names. */
function unusedKeys(keys: readonly string[], consoleCode: string, allCode: string): string[] {
  const families = [...consoleCode.matchAll(/`([a-z_]+)\$\{/g)].map((m) => m[1]!);
  const named = (key: string): boolean => new RegExp(`\\b${key}\\b`).test(consoleCode);
  const ofFamily = (key: string): boolean =>
    families.some((prefix) => {
      const rest = key.slice(prefix.length);
      return key.startsWith(prefix) && rest !== '' && new RegExp(`['"]${rest}['"]`).test(allCode);
    });
  return keys.filter((key) => !named(key) && !ofFamily(key));
}

describe("the console's catalogue", () => {
  it('has no key the console does not use', async () => {
    const all = await sourceFiles(SRC);
    const consoleCode = await textOf(all.filter((file) => file.startsWith(join(SRC, 'console'))));
    const allCode = await textOf(all.filter((file) => !file.endsWith(join('messages', 'console.ts'))));
    expect(unusedKeys(Object.keys(TEXTS.en), consoleCode, allCode)).toEqual([]);
  });

  it('finds a key used by name or as one of a family, and not one used by neither', () => {
    const code = "T.upload_heading; textOf(`status_${b.status}`); const s: S = 'running';";
    expect(unusedKeys(['upload_heading', 'status_running', 'status_paused', 'batch_heading'], code, code)).toEqual([
      'status_paused',
      'batch_heading',
    ]);
  });
});
