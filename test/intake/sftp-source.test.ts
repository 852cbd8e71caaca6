/**
 * A job whose sheet is on an SFTP server: a real OpenSSH server (Debian's sshd, test/intake/world.sshd.ts)
 * on 127.0.0.1 with its own host key and an authorised client key. The pinned host key is checked
 * before anything is read; a folder with `pattern:` gives its newest new file, moved on the server
 * once reported; a file still growing is left for later. Sandbox store, local engine.
 */
import { appendFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JobDefinition } from '../../src/intake/job-file.ts';
import { runJob } from '../../src/intake/schedules.ts';
import { createLogger } from '../../src/log.ts';
import { useWorld } from '../helpers/use-world.ts';
import {
  createCount,
  jobDeps,
  nothingTaken,
  sheetRefused,
  startJobWorld,
  writeCount,
  writeDated,
  writeJob,
} from './helpers.ts';
import { startSshdIn } from './sshd.ts';

const world = useWorld(async () => {
  const jobWorld = await startJobWorld(['feeds']);
  return { ...jobWorld, sshd: await startSshdIn(jobWorld) };
});

/** A daily file whose modification time is `day` of November 2026 (UTC noon). */
const daily = (name: string, barcodes: string[], day: number) => writeDated(join(world.feeds, name), barcodes, day);

function job(path: string, keys: Record<string, string>): Promise<JobDefinition> {
  return writeJob(world.jobsDir, 'supplier', [
    'name: supplier',
    `source: "sftp://${world.sshd.user}@127.0.0.1:${world.sshd.port}${path}"`,
    'schedule: "0 2 * * *"',
    ...Object.entries(keys).map(([k, v]) => `${k}: "${v}"`),
  ]);
}

const deps = (settle?: () => Promise<void>) => jobDeps(world, world.ledger, settle);

async function failure(definition: JobDefinition): Promise<string> {
  return (await sheetRefused(runJob(definition, deps()), world.sandbox)).message;
}

describe('an sftp source', () => {
  it('one file, with the pinned host key and a private key that appears in no log, report or state', async () => {
    await daily('prices.csv', ['s1', 's2'], 10);
    const definition = await job(`${world.feeds}/prices.csv`, {
      private_key_file: world.sshd.clientKey,
      host_key: world.sshd.hostKeyPrint,
    });
    const lines: string[] = [];
    const logger = createLogger({ level: 'trace', destination: { write: (line: string) => void lines.push(line) } });
    const [summary] = await runJob(definition, { ...deps(), logger });
    expect(summary?.counts.created).toBe(2);
    expect(summary?.source).toBe(`job:supplier sftp://127.0.0.1:${world.sshd.port}${world.feeds}/prices.csv`);
    expect(lines.join('')).toContain(`sftp://127.0.0.1:${world.sshd.port}`);
    const keyBody = (await readFile(world.sshd.clientKey, 'utf8')).split('\n')[2]!;
    expect(keyBody.length).toBeGreaterThan(20);
    const written = await Promise.all(
      (await readdir(world.dir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && !e.parentPath.includes('/ssh'))
        .map((e) => readFile(join(e.parentPath, e.name), 'utf8')),
    );
    expect([...lines, ...written].join('\n')).not.toContain(keyBody);
  });

  it('a folder of three daily files: the newest is taken, then moved on the server', async () => {
    await daily('prices-26.csv', ['f26'], 26);
    await daily('prices-27.csv', ['f27'], 27);
    await daily('prices-28.csv', ['f28-a', 'f28-b'], 28);
    const definition = await job(`${world.feeds}/`, {
      private_key_file: world.sshd.clientKey,
      host_key: world.sshd.hostKeyPrint,
      pattern: 'prices-*.csv',
      after: 'move done',
    });
    const [summary] = await runJob(definition, deps());
    expect(summary?.counts.created).toBe(2);
    expect(summary?.source).toBe(`job:supplier sftp://127.0.0.1:${world.sshd.port}${world.feeds}/prices-28.csv`);
    expect(await readdir(join(world.feeds, 'done'))).toEqual(['prices-28.csv']);
    expect((await readdir(world.feeds)).sort()).toEqual(['done', 'prices-26.csv', 'prices-27.csv']);

    expect(await nothingTaken(definition, deps())).toEqual(['no new file matching prices-*.csv']);
    expect(createCount(world.sandbox)).toBe(2);
  });

  it('a file still growing between the two looks is not taken yet', async () => {
    await daily('prices-1.csv', ['g1'], 1);
    const definition = await job(`${world.feeds}/`, {
      private_key_file: world.sshd.clientKey,
      host_key: world.sshd.hostKeyPrint,
      pattern: 'prices-*.csv',
    });
    const growing = deps(() => appendFile(join(world.feeds, 'prices-1.csv'), 'Item g2,10,1,g2\n'));
    expect(await nothingTaken(definition, growing)).toEqual([
      'prices-1.csv is still being written: it is taken on a later run',
    ]);
    expect(writeCount(world.sandbox)).toBe(0);
    expect((await runJob(definition, deps()))[0]?.counts.created).toBe(2);
  });

  it('a changed host key refuses the download, showing both fingerprints', async () => {
    await daily('prices.csv', ['h1'], 1);
    const pinned = 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const message = await failure(
      await job(`${world.feeds}/prices.csv`, { private_key_file: world.sshd.clientKey, host_key: pinned }),
    );
    expect(message).toContain(
      `sftp://127.0.0.1:${world.sshd.port}${world.feeds}/prices.csv: job "supplier" cannot download its sheet`,
    );
    expect(message).toContain(`it is ${world.sshd.hostKeyPrint}, the job file pins ${pinned}`);
  });

  it("an unknown host key (none pinned) refuses the download, showing the server's", async () => {
    await daily('prices.csv', ['h1'], 1);
    const message = await failure(await job(`${world.feeds}/prices.csv`, { private_key_file: world.sshd.clientKey }));
    expect(message).toContain(`it is ${world.sshd.hostKeyPrint} and the job file pins none`);
  });

  it('a key the server does not know: the message points at the key file', async () => {
    await daily('prices.csv', ['h1'], 1);
    const message = await failure(
      await job(`${world.feeds}/prices.csv`, {
        private_key_file: world.sshd.strangerKey,
        host_key: world.sshd.hostKeyPrint,
      }),
    );
    expect(message).toContain(`check the user in source: and the key or password in ${world.sshd.strangerKey}`);
  });

  it('a missing file points at the path', async () => {
    const message = await failure(
      await job(`${world.feeds}/nothing.csv`, {
        private_key_file: world.sshd.clientKey,
        host_key: world.sshd.hostKeyPrint,
      }),
    );
    expect(message).toContain('the server has no such file');
  });
});
