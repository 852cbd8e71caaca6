#!/usr/bin/env node
// Runs the compiled CLI in dist/, which `npm ci` builds (the prepare script); `npm run dev` runs
// the TypeScript sources through tsx instead.
import { existsSync } from 'node:fs';
import process from 'node:process';
import { URL } from 'node:url';

const entry = new URL('../dist/cli.js', import.meta.url);
if (existsSync(entry)) {
  await import(entry.href);
} else {
  process.stderr.write('catalog-sync: dist/ is not built: run `npm ci` or `npm run build` first\n');
  process.exitCode = 2;
}
