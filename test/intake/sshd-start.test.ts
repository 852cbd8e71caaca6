/**
 * The SFTP tests' server helper (test/intake/sshd.ts) fails at once, saying why, when sshd cannot
 * serve: a missing binary (spawn's 'error'), a server that exits, one that never says it listens.
 * Before, a machine without /usr/sbin/sshd left sftp-source.test.ts waiting for over ten minutes.
 */
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { useTempDir } from '../helpers/use-world.ts';
import { startSshd } from './sshd.ts';

const tmp = useTempDir('sshd-start');

async function script(name: string, body: string): Promise<string> {
  const file = join(tmp.dir, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

it('a missing sshd rejects naming the error and the package', async () => {
  const binary = join(tmp.dir, 'no-such-sshd');
  await expect(startSshd(tmp.dir, { binary })).rejects.toThrow(
    /sshd for the SFTP tests could not be started: spawn .*no-such-sshd ENOENT \(.ci\/test-setup installs openssh-server\)/,
  );
});

it('an sshd that exits before listening rejects with what it said', async () => {
  const binary = await script('failing-sshd', 'echo "no hostkeys available" >&2; exit 1');
  await expect(startSshd(tmp.dir, { binary })).rejects.toThrow(/exited \(1\) before listening.*no hostkeys available/);
});

it('an sshd that never says it listens rejects after the readiness time, and is stopped', async () => {
  const pidFile = join(tmp.dir, 'silent.pid');
  const binary = await script('silent-sshd', `echo $$ > ${pidFile}; exec sleep 600`);
  await expect(startSshd(tmp.dir, { binary, readyMs: 2_000 })).rejects.toThrow(
    /did not listen on port \d+ within 2000 ms/,
  );
  const pid = Number(await readFile(pidFile, 'utf8'));
  expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
});
