/**
 * A password user for the test sshd without touching the machine's accounts: sshd checks a
 * password against the user's crypt hash (without PAM: getspnam, else the passwd entry's own
 * field), so sshd runs under nss_wrapper (Debian's libnss-wrapper, the cwrap project's tool for
 * testing servers) with a passwd file of its own that holds the user and the hash. The user has
 * the test's uid (it reads the test's files) and a name no /etc/shadow holds, so its hash is the
 * passwd entry's.
 */
import { execFile } from 'node:child_process';
import { access, readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const PASSWORD_USER = 'catalog-feeds';

const LIBRARY_DIRS = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib64', '/usr/lib'];

async function wrapperLibrary(): Promise<string> {
  for (const dir of LIBRARY_DIRS) {
    const file = join(dir, 'libnss_wrapper.so');
    if (
      await access(file).then(
        () => true,
        () => false,
      )
    )
      return file;
  }
  throw new Error('sshd for the SFTP password tests needs libnss_wrapper.so (.ci/test-setup installs libnss-wrapper)');
}

/** The environment that starts sshd with PASSWORD_USER, whose password is `password`. */
export async function passwordEnv(dir: string, password: string): Promise<NodeJS.ProcessEnv> {
  const library = await wrapperLibrary();
  const hash = (await run('openssl', ['passwd', '-6', password])).stdout.trim();
  const { uid, gid } = userInfo();
  // sshd's own accounts (root, its privilege separation user) stay as the machine has them.
  const own = (await readFile('/etc/passwd', 'utf8')).split('\n').filter((l) => /^(root|sshd):/.test(l));
  const passwd = join(dir, 'passwd');
  const group = join(dir, 'group');
  await writeFile(passwd, [...own, `${PASSWORD_USER}:${hash}:${uid}:${gid}:feeds:${dir}:/bin/sh`, ''].join('\n'));
  await writeFile(group, `${(await readFile('/etc/group', 'utf8')).trim()}\n`);
  return { ...process.env, LD_PRELOAD: library, NSS_WRAPPER_PASSWD: passwd, NSS_WRAPPER_GROUP: group };
}
