/**
 * Every catalogue file in src/messages says the same things in English and Arabic: wherever a
 * table holds an `en` and an `ar` side, both have the same keys, all the way down, and neither
 * side leaves a text empty. The walk reads each file's exports as they are, so a table moved in
 * from elsewhere (the console's words, the e-mail's, the CLI's) is covered without being named here.
 */
import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const MESSAGES = fileURLToPath(new URL('../../src/messages/', import.meta.url));

/** The files holding a surface's words (the walk must find tables in each). */
const SURFACES = [
  'catalogue.ts',
  'cli.ts',
  'console.ts',
  'fix-rows.ts',
  'mail.ts',
  'outcome-words.ts',
  'sheet-summary.ts',
  'undo-preview.ts',
];

type Tree = Readonly<Record<string, unknown>>;

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null;
}

/** The paths (`a.b.c`) of a side's texts and functions, arrays by index. */
function leaves(value: unknown, at: string): string[] {
  if (!isTree(value)) return [at];
  return Object.entries(value).flatMap(([key, inner]) => leaves(inner, at === '' ? key : `${at}.${key}`));
}

/** Every `{ en, ar }` pair under `value`, by where it is. */
function pairs(value: unknown, at: string): { at: string; en: unknown; ar: unknown }[] {
  if (!isTree(value)) return [];
  const own = 'en' in value && 'ar' in value ? [{ at, en: value.en, ar: value.ar }] : [];
  const inner = Object.entries(value)
    .filter(([key]) => key !== 'en' && key !== 'ar')
    .flatMap(([key, child]) => pairs(child, `${at}.${key}`));
  return [...own, ...inner];
}

/** The empty texts on one side of a pair. */
function emptyTexts(side: unknown, at: string): string[] {
  if (typeof side === 'string') return side.trim() === '' ? [at] : [];
  if (!isTree(side)) return [];
  return Object.entries(side).flatMap(([key, inner]) => emptyTexts(inner, `${at}.${key}`));
}

async function catalogueFiles(): Promise<Map<string, Tree>> {
  const files = new Map<string, Tree>();
  for (const name of (await readdir(MESSAGES)).filter((n) => n.endsWith('.ts')).sort()) {
    files.set(name, (await import(pathToFileURL(`${MESSAGES}${name}`).href)) as Tree);
  }
  return files;
}

describe('the catalogues in src/messages', () => {
  it('have the same keys in English and Arabic, and no empty text', async () => {
    const found = new Map<string, number>();
    const differ: string[] = [];
    const empty: string[] = [];
    for (const [file, exports] of await catalogueFiles()) {
      for (const pair of pairs(exports, file)) {
        found.set(file, (found.get(file) ?? 0) + 1);
        const en = leaves(pair.en, '').sort();
        const ar = leaves(pair.ar, '').sort();
        const onlyEn = en.filter((k) => !ar.includes(k)).map((k) => `${pair.at}: en only ${k}`);
        const onlyAr = ar.filter((k) => !en.includes(k)).map((k) => `${pair.at}: ar only ${k}`);
        differ.push(...onlyEn, ...onlyAr);
        empty.push(...emptyTexts(pair.en, `${pair.at}.en`), ...emptyTexts(pair.ar, `${pair.at}.ar`));
      }
    }
    // The walk reaches each surface's tables (a file whose tables it missed would pass unread).
    for (const file of SURFACES) {
      expect(found.get(file) ?? 0, file).toBeGreaterThan(0);
    }
    expect(differ).toEqual([]);
    expect(empty).toEqual([]);
  });
});
