/**
 * An agency's stores file for the real CLI: stores on sandboxes, each with extra lines of its own
 * (notify_email_to, jobs_dir...), and the environment that serves them (the CLI world's store
 * settings left out: a stores file and STORE_URL at once are refused); a store's sheet of creates.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SandboxHandle } from '../../src/sandbox/index.ts';
import type { EnvChanges } from '../sync/helpers/cli-world.ts';
import type { BaseWorld } from '../helpers/base-world.ts';

export interface AgencyStore {
  id: string;
  sandbox: SandboxHandle;
  /** More keys of its entry, e.g. `notify_email_to: a@b.example`. */
  lines?: string[];
}

/** Writes `<dir>/stores.yaml`; every store logs in with the password in SANDBOX_PASSWORD. */
export async function writeStoresFile(dir: string, stores: AgencyStore[]): Promise<string> {
  const file = join(dir, 'stores.yaml');
  const entries = stores.flatMap((store) => [
    `  - id: ${store.id}`,
    `    url: ${store.sandbox.url}`,
    `    email: ${store.sandbox.email}`,
    '    password_env: SANDBOX_PASSWORD',
    ...(store.lines ?? []).map((line) => `    ${line}`),
  ]);
  await writeFile(file, ['stores:', ...entries, ''].join('\n'));
  return file;
}

/** The environment of a command serving the stores of `file` (all sandboxes share the demo password). */
export function agencyEnv(file: string, password: string, changes: EnvChanges = {}): EnvChanges {
  return {
    STORE_URL: undefined,
    STORE_EMAIL: undefined,
    STORE_PASSWORD: undefined,
    STORES_FILE: file,
    SANDBOX_PASSWORD: password,
    ...changes,
  };
}

/** A sheet of `rows` creates named after `tag` (barcodes `<tag>-<i>` unless `barcodeOf` says), in the world's folder. */
export async function taggedSheet(
  world: Pick<BaseWorld, 'sheet'>,
  tag: string,
  rows: number,
  barcodeOf = (i: number): string => `${tag}-${i}`,
): Promise<{ file: string; barcodes: string[] }> {
  const barcodes = Array.from({ length: rows }, (_, i) => barcodeOf(i));
  const file = await world.sheet(`${tag}.csv`, [
    'title,category,sale_price,barcode',
    ...barcodes.map((code, i) => `${tag} item ${i},1,${i + 1},${code}`),
  ]);
  return { file, barcodes };
}
