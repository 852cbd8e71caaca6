/**
 * What a command loads before it does anything, through the real entry (bin/catalog-sync.js in a
 * child process): `--help` and `validate` load none of the heavy libraries (BullMQ, ioredis,
 * exceljs, Fastify, got, nodemailer, pino), which only the commands using them load, each command
 * through its one lazy import (src/cli/commands.ts). Their start-up figure (bench/startup.ts,
 * README Performance) depends on it.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { useTempDir } from '../helpers/use-world.ts';

const BIN = fileURLToPath(new URL('../../bin/catalog-sync.js', import.meta.url));
const HEAVY = ['bullmq', 'ioredis', 'exceljs', 'fastify', 'got', 'nodemailer', 'pino', 'prom-client', 'chokidar'];

// A resolve hook that names every package the process imports, one line each on stderr.
const HOOK = `export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (!/^(\\.|\\/|node:|file:|data:|#)/.test(specifier)) process.stderr.write('LOADED ' + specifier + '\\n');
  return resolved;
}`;
const REGISTER = `import { register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOK)}`)});`;

const tmp = useTempDir('start-up-loads', { once: true });

let sheet: string;
beforeAll(async () => {
  sheet = join(tmp.dir, 'one-row.csv');
  await writeFile(sheet, 'title,sale_price,category,barcode\nTea,10,1,B-1\n');
});

/** The packages the CLI imported while running `args` (it must end 0). */
async function packagesLoaded(args: string[]): Promise<Set<string>> {
  const child = spawn(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, BIN, ...args],
    {
      cwd: tmp.dir,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', REPORT_DIR: join(tmp.dir, 'reports') },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code, stderr).toBe(0);
  return new Set(
    stderr
      .split('\n')
      .filter((line) => line.startsWith('LOADED '))
      .map((line) => line.slice('LOADED '.length)),
  );
}

it('--help loads no heavy library, nor the configuration', async () => {
  const loaded = await packagesLoaded(['--help']);
  expect(loaded.has('commander')).toBe(true);
  expect(HEAVY.filter((name) => loaded.has(name))).toEqual([]);
  expect(loaded.has('zod')).toBe(false);
});

it('validate of one row loads the sheet reader and the configuration, no heavy library', async () => {
  const loaded = await packagesLoaded(['validate', sheet]);
  expect(loaded.has('csv-parse')).toBe(true);
  expect(loaded.has('zod')).toBe(true);
  expect(HEAVY.filter((name) => loaded.has(name))).toEqual([]);
});
