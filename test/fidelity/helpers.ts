/**
 * The fidelity suite (issue 11): workbooks written by independent writers (test/fixtures/fidelity,
 * see make-fixtures.py there), checked by what a user sees: validate's output and exit code, and
 * the payloads the sandbox store received from import.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { processDropFile, type DropResult } from '../../src/intake/drop-file.ts';
import { claimedName, claimToken, dropLayout, type DropLayout } from '../../src/intake/drop-layout.ts';
import { FileLedger } from '../../src/ledger/file-store.ts';
import { silentLogger } from '../../src/log.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import type { World } from '../intake/helpers.ts';
import { cli as inProcess } from '../intake/cli.ts';
import { startBaseWorld, type BaseWorld } from '../helpers/base-world.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/fidelity/', import.meta.url));

export function fixture(name: string): string {
  return `${FIXTURES}${name}`;
}

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** The real CLI in this process (intake/cli.ts), its output kept. */
export async function cli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const { code, stdout, stderr } = await inProcess(args, env);
  return { code, out: stdout, err: stderr };
}

export interface Store {
  sandbox: SandboxHandle;
  env: Record<string, string>;
  /**
   * The bodies of the store calls made to `path` (e.g. /v1/update_product), by product_id: rows go
   * out several at a time, so the order they reach the store in is not the sheet's.
   */
  bodies(path: string): unknown[];
  close(): Promise<void>;
}

/** A sandbox store holding products 1001..1000+count, as the fixtures' update rows expect. */
export async function storeWithProducts(count: number, dir: string): Promise<Store> {
  const sandbox = await startSandbox();
  for (let i = 0; i < count; i += 1) sandbox.seedProduct({ title: `Product ${i + 1}`, sale_price: 1 });
  return {
    sandbox,
    env: {
      STORE_URL: sandbox.url,
      STORE_EMAIL: sandbox.email,
      STORE_PASSWORD: sandbox.password,
      LEDGER_FILE: join(dir, 'ledger', 'ledger.jsonl'),
    },
    bodies: (path) =>
      sandbox
        .requests()
        .filter((r) => r.path === path)
        .map((r) => r.body)
        .sort((a, b) => productId(a) - productId(b)),
    close: () => sandbox.close(),
  };
}

function productId(body: unknown): number {
  const id = (body as { product_id?: unknown } | null)?.product_id;
  return typeof id === 'number' ? id : 0;
}

export interface Dropped {
  result: DropResult;
  layout: DropLayout;
  /** The file's name once claimed (in processing/, then done/ or failed/). */
  claimed: string;
}

/** `bytes` dropped into the folder `root` as `name` and taken the way `watch` takes it, with a file ledger there. */
export async function dropFile(
  world: World,
  root: string,
  name: string,
  bytes: Buffer,
  mode: 'full' | 'delta',
): Promise<Dropped> {
  const layout = dropLayout(root);
  await mkdir(layout.processing, { recursive: true });
  const claimed = claimedName(claimToken(Date.now(), 'abcdef'), name);
  await writeFile(join(layout.processing, claimed), bytes);
  const ledger = await FileLedger.open(join(layout.root, 'ledger.jsonl'));
  try {
    const deps = {
      layout,
      ledger,
      run: world.runner(ledger),
      ledgerSettings: { mode, keyColumn: 'barcode', retryUnknown: false },
      force: false,
      logger: silentLogger,
    };
    return { result: await processDropFile(claimed, deps, new AbortController().signal), layout, claimed };
  } finally {
    await ledger.close();
  }
}

export interface StoreWorld {
  /** The world's folder, for reports and the ledger. */
  readonly dir: string;
  readonly store: Store;
  /** validate of `file` (a fixture's name, or a path) with the world's report folder; `args` after it. */
  validate(file: string, ...args: string[]): Promise<CliRun>;
  /** import --mode full of `file` into the store, whose calls are counted from here on. */
  importFull(file: string, ...args: string[]): Promise<CliRun>;
}

/** A base world and a store holding products 1001..1000+count, for every test of the file. */
export function useStoreWithProducts(count: number): StoreWorld {
  let world: BaseWorld | undefined;
  let store: Store | undefined;
  beforeAll(async () => {
    world = await startBaseWorld({ name: 'fidelity' });
    const opened = (store = await storeWithProducts(count, world.dir));
    world.onClose(() => opened.close());
  });
  afterAll(async () => {
    await world?.close();
  });
  return {
    get dir() {
      if (!world) throw new Error('the world is started before all tests');
      return world.dir;
    },
    get store() {
      if (!store) throw new Error('the store is started before all tests');
      return store;
    },
    validate(file, ...args) {
      return cli(['--report-dir', this.dir, 'validate', sheetPath(file), ...args]);
    },
    importFull(file, ...args) {
      this.store.sandbox.resetStats();
      return cli(['--report-dir', this.dir, 'import', sheetPath(file), '--mode', 'full', ...args], this.store.env);
    },
  };
}

/** A fixture by its name; a path as it is. */
function sheetPath(file: string): string {
  return isAbsolute(file) ? file : fixture(file);
}
