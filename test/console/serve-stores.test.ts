/**
 * `catalog-sync serve` with a stores file, as a process: it serves every store of the file under
 * one login (CONSOLE_TOKEN), each store's own console token opens that store alone, and a store
 * added to the file while it runs is served without a restart. The stores are sandboxes in this
 * test's process, over real HTTP.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { until } from '../helpers/until.ts';
import { useTempDir } from '../helpers/use-world.ts';

const BIN = join(import.meta.dirname, '../../bin/catalog-sync.js');
const AGENCY = 'agency-console-token-0123456789';

const sandboxes: SandboxHandle[] = [];
const tmp = useTempDir('serve-stores', { once: true });

afterEach(async () => {
  for (const sandbox of sandboxes.splice(0)) await sandbox.close();
});

function storeLines(id: string, sandbox: SandboxHandle, token: boolean): string[] {
  return [
    `  - id: ${id}`,
    `    url: ${sandbox.url}`,
    `    email: ${sandbox.email}`,
    '    password_env: SANDBOX_PASSWORD',
    ...(token ? [`    console_token_file: ./${id}.console`] : []),
  ];
}

it('serves every store of the stores file under one login, each store token its own store, a store added too', async () => {
  const { dir } = tmp;
  const [north, south, west] = [await startSandbox(), await startSandbox(), await startSandbox()];
  sandboxes.push(north, south, west);
  const northToken = 'north-console-token-0123456789';
  await writeFile(join(dir, 'north.console'), `${northToken}\n`);
  const storesFile = join(dir, 'stores.yaml');
  await writeFile(
    storesFile,
    ['stores:', ...storeLines('north', north, true), ...storeLines('south', south, false), ''].join('\n'),
  );
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      STORES_FILE: storesFile,
      SANDBOX_PASSWORD: north.password,
      REPORT_DIR: join(dir, 'reports'),
      CONSOLE_TOKEN: AGENCY,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  try {
    let line = '';
    for await (const read of createInterface({ input: child.stdout })) {
      line = read;
      if (line.startsWith('console on')) break;
    }
    expect(line).toMatch(
      new RegExp(
        `^console on http://127\\.0\\.0\\.1:\\d+/, for the stores of ${storesFile} \\(log in with CONSOLE_TOKEN\\)$`,
      ),
    );
    const url = /^console on (\S+)\//.exec(line)![1]!;
    const ids = async (token: string): Promise<string[] | number> => {
      const res = await fetch(`${url}/api/stores`, { headers: { authorization: `Bearer ${token}` } });
      return res.status === 200 ? ((await res.json()) as { id: string }[]).map((s) => s.id) : res.status;
    };
    expect(await ids(AGENCY)).toEqual(['north', 'south']);
    expect(await ids(northToken)).toEqual(['north']);
    expect(
      (await fetch(`${url}/api/stores/south/batches`, { headers: { authorization: `Bearer ${northToken}` } })).status,
    ).toBe(404);

    await writeFile(
      storesFile,
      [
        'stores:',
        ...storeLines('north', north, true),
        ...storeLines('south', south, false),
        ...storeLines('west', west, false),
        '',
      ].join('\n'),
    );
    await until(async () => (await ids(AGENCY)).toString() === 'north,south,west', 'the added store served');
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
});
